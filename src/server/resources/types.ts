/**
 * The types a resource's server half declares (table, tenant ownership, hooks, transitions, extra
 * endpoints) and what the generator derives from it. A leaf module: it imports only types, so the
 * access and query layers (lib/) can name a resource without depending on the generator.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Resource, ResourceEndpoints } from '../../shared/resources/define.ts';
import type { EndpointContract } from '../../shared/contracts.ts';
import type { TransitionPreview } from '../../shared/resources/transitions.ts';
import type { Db } from '../db/client.ts';
import type { ExportSheet } from '../lib/excel/entity-export.ts';
import type { EntityList } from '../lib/query/entity-list.ts';
import type { UserRow } from '../plugins/auth.ts';
import type { TenantOwnership } from '../lib/access/tenant-scope.ts';
import type { ServerChild } from './children.ts';

type Row = Record<string, unknown> & { id: string };
type Query = Record<string, string | string[] | undefined>;

/** The handler of a generated endpoint. */
export type ResourceHandler = (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => unknown;

/** The generated endpoints a server half may replace (importExcel is the shared import route). */
export type OverridableEndpoint = Exclude<keyof ResourceEndpoints, 'importExcel'>;

/** What a write hook is told. */
export interface WriteContext {
  op: 'add' | 'edit';
  /** the write transaction (`tx` too): what is written through it commits or rolls back with the row */
  db: Db;
  tx: Db;
  user: UserRow;
  /** the app's time zone (datetime texts of `data` are wall-clock times in it) */
  tz?: string;
  /** the validated values about to be written (an edit holds only the fields sent) */
  data: Record<string, unknown>;
  /** the row before an edit */
  original?: Row;
  /**
   * the sub tables' rows sent (declaration `children`), by key; undefined when not sent. A hook may
   * complete them with server-kept values (price snapshots), written with the row
   */
  children?: Map<string, Array<Record<string, unknown>> | undefined>;
}

/**
 * A field's value once a write is done: what the write sends (null too: a field sent empty is
 * cleared), else the stored row's. Hooks checking one field against another read both this way.
 */
export const valueAfter = (
  data: Record<string, unknown>,
  original: Record<string, unknown> | undefined,
  key: string,
): unknown => (key in data && data[key] !== undefined ? data[key] : original?.[key]);

/** What `afterSave` (in the transaction) and `afterCommit` are told: the row's id as well. */
export interface SavedContext extends WriteContext {
  id: string;
}

/** What a transition's server parts are told about one row. */
export interface TransitionContext {
  /** the write transaction: everything written through it commits or rolls back with the change */
  tx: Db;
  app: FastifyInstance;
  user: UserRow;
  action: string;
  /** the row as locked, before the change */
  row: Row;
  from: string;
  to: string;
  reason: string | undefined;
  /** the action's declared `params`, checked by their field rules ({} when it declares none) */
  params: Record<string, unknown>;
}

/** What `afterCommit` is told: the rows changed (as they were before). */
export interface TransitionCommitted {
  app: FastifyInstance;
  user: UserRow;
  action: string;
  rows: Row[];
  to: string;
  reason: string | undefined;
  params: Record<string, unknown>;
}

/** The server-only parts of a declared action (none is needed). */
export interface ServerTransition {
  /** values written with the state (a reason column, a send time) */
  set?(ctx: TransitionContext): Record<string, unknown>;
  /**
   * the state the row enters when it is not the declared `to` (a rejected cancel request returns
   * to the state it came from); the history records it
   */
  target?(ctx: TransitionContext): string;
  /** a rule needing the database or the app: the refusal's message, or undefined */
  guard?(ctx: TransitionContext): Promise<string | undefined> | string | undefined;
  /** inside the write transaction, after the row and its history are written; a throw rolls all back */
  effects?(ctx: TransitionContext): Promise<void> | void;
  /** after the commit: notices, schedulers, sockets */
  afterCommit?(ctx: TransitionCommitted): Promise<void> | void;
  /**
   * a dry run of an action declared with `preview`: what the effects would do, worked out inside
   * the (rolled back) transaction after the guards passed
   */
  preview?(ctx: TransitionContext): Promise<TransitionPreview> | TransitionPreview;
}

/** The server half of a resource: its table and whatever is special about it. */
export interface ServerResource {
  resource: Resource;
  /** the Drizzle table; every declared field is a property of it, and it has an `id` */
  table: PgTable;
  /**
   * condition of every read, edit and delete that depends on no caller (logical deletion, an upload
   * area); what depends on the caller (data rules, tenant) is `rowScope(req, sr)` of lib/access/row-scope.ts
   */
  scope?: () => SQL | undefined;
  /** how its rows belong to tenants (src/server/lib/access/tenant-scope.ts); absent: shared by all */
  tenant?: TenantOwnership;
  /**
   * the property naming a row's partner: an account bound to a partner reaches only that
   * partner's rows (src/server/lib/access/partner-scope.ts); absent: not partner-owned
   */
  partner?: { column: string };
  /**
   * the property naming a row's owner (an account's username, e.g. `createBy`): each caller
   * reaches only their own rows (src/server/lib/access/owner-scope.ts); absent: not personal
   */
  owner?: { column: string };
  /**
   * the rows another resource's `ref` field may point at (e.g. active partners only; default every
   * row in scope): a reference to any other row is refused
   */
  pickable?: () => SQL | undefined;
  hooks?: {
    /** refuse (throw BizError) or adjust a write before it is made */
    beforeSave?(ctx: WriteContext): Promise<void> | void;
    /**
     * a rule of one imported row that needs the running app (a job's handler registered): the
     * refusal's message, reported as the row's error, or undefined
     */
    importRow?(app: FastifyInstance, data: Record<string, unknown>): string | undefined;
    /** after the row (and its sub tables) is written, in the same transaction; a throw rolls it back */
    afterSave?(ctx: SavedContext): Promise<void> | void;
    /** after the write committed (notifications, dispatch): `db`/`tx` are the app's database then */
    afterCommit?(ctx: SavedContext): Promise<void> | void;
    /** refuse a delete (throw BizError) */
    beforeDelete?(ctx: { db: Db; ids: string[]; user: UserRow }): Promise<void> | void;
  };
  /**
   * extra conditions of the list and its export, from list parameters that are no field
   * (`keyWord` searched in a column); added to the standard filters and super query
   */
  listWhere?(query: Query, tz: string): Array<SQL | undefined>;
  /**
   * replace a generated endpoint's handler, by name: each gets the handler it replaces (to fall back
   * on for the ordinary case) and answers in its place, behind the same path and permission
   */
  override?: {
    [K in OverridableEndpoint]?: (generated: ResourceHandler, gen: GeneratedResource) => ResourceHandler;
  };
  /** endpoints beyond the generated family (registered in the same API scope) */
  routes?(app: FastifyInstance, generated: GeneratedResource): Promise<void> | void;
  /** the server-only parts of the declaration's `states` actions (guards, effects; transitions.ts) */
  transitions?: Readonly<Record<string, ServerTransition>>;
  /**
   * endpoints beyond the generated family, each behind its contract's permission; a handler reaches
   * rows only through `access` (the caller's row scope, the realtime push, the state changes)
   */
  endpoints?: readonly DeclaredEndpoint[];
  /** the tables of the declaration's `children` (sub tables written with a row) */
  children?: ServerChild[];
  /**
   * the SQL expression of each `computed` field of the declaration (a correlated subquery or an
   * expression over the row's columns), read with every row and sorted and filtered as a column
   */
  computed?: Readonly<Record<string, () => SQL>>;
}

/** An endpoint declared beside a resource. */
export interface DeclaredEndpoint {
  contract: EndpointContract;
  handler(req: FastifyRequest<{ Querystring: Query }>, access: ResourceAccess): unknown;
}

/** The one way a declared endpoint reaches a resource's rows. */
export interface ResourceAccess {
  gen: GeneratedResource;
  /** the caller's row scope (tenant, data rules) as one condition, undefined when unrestricted */
  reach(req: FastifyRequest): Promise<SQL | undefined>;
  /** a row the caller reaches, or undefined */
  find(req: FastifyRequest, id: string): Promise<Row | undefined>;
  /** push saved rows to open grids (as generated writes do) */
  publish(req: FastifyRequest, id: string): Promise<void>;
  /** a row's state history (declared `states` only), newest first; the row must be in reach */
  history(req: FastifyRequest, id: string | undefined): Promise<unknown[]>;
}

/** What registration derived, for extra routes, reports and tests. */
export interface GeneratedResource {
  list: EntityList<PgTable, Record<string, unknown>>;
  /**
   * the WHERE of a list or export request: standard filters, super query and `listWhere`, and the
   * caller's row conditions (`rowScope` of lib/access/row-scope.ts: data rules, tenant)
   */
  where(query: Query, tz: string, rows?: readonly SQL[]): SQL | undefined;
  sheet: ExportSheet;
  toJson(row: Row, tz: string): Record<string, unknown>;
  /** the row of an id within the resource's scope and `extra` (a request's `reachScope`) */
  findById(db: Db, id: string, extra?: SQL): Promise<Row | undefined>;
}

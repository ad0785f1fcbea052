/**
 * The generated endpoint family of a resource (jeecg-api.md §6 generated controllers): list,
 * queryById, add, edit (partial), delete, deleteBatch (all or nothing), exportXls (streamed) and
 * importExcel (per file all or nothing), those of its declared operations, each behind its
 * permission, its input parsed by the declaration's zod schemas. Field names and columns come only
 * from the declaration and its table; the server half may add list conditions (`listWhere`) and
 * replace a generated handler by name (`override`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '../../shared/api.ts';
import type { Resource, ResourceEndpoints, ResourceField } from '../../shared/resources/define.ts';
import { RESOURCE_MSG, displayKey, isQueryable } from '../../shared/resources/define.ts';
import { listOf } from '../../shared/resources/field-rules.ts';
import { areaPrefix, areaText } from '../../shared/area.ts';
import type { Db } from '../db/client.ts';
import { sendEntityExport, type ExportSheet } from '../lib/entity-export.ts';
import { dictDecorator, entityWhere, listEntities, type EntityList } from '../lib/entity-list.ts';
import { newId } from '../lib/ids.ts';
import type { EntityFields, FieldType } from '../lib/query-generator.ts';
import { BizError, bare, ok, okMessage } from '../lib/result.ts';
import { formatDateTime } from '../lib/time.ts';
import { oneParam, parseWith, requiredIds } from '../lib/validate.ts';
import { requestCaseId } from '../lib/vxe-hub.ts';
import { registerImport } from '../lib/xlsx-import-route.ts';
import type { UniqueRule } from '../lib/xlsx-import.ts';
import { caller, type UserRow } from '../plugins/auth.ts';
import { dictLookup } from '../repos/dicts.ts';
import { escapeLike, str } from '../lib/query-generator.ts';
import { fieldChecks, fromColumn, refTexts, registerReferenceTarget, toColumns } from './field-types.ts';
import { routeOf } from '../lib/route.ts';

type Row = Record<string, unknown> & { id: string };
type Query = Record<string, string | string[] | undefined>;

/** The handler of a generated endpoint. */
export type ResourceHandler = (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => unknown;

/** The generated endpoints a server half may replace (importExcel is the shared import route). */
export type OverridableEndpoint = Exclude<keyof ResourceEndpoints, 'importExcel'>;

/** What a write hook is told. */
export interface WriteContext {
  op: 'add' | 'edit';
  db: Db;
  user: UserRow;
  /** the validated values about to be written (an edit holds only the fields sent) */
  data: Record<string, unknown>;
  /** the row before an edit */
  original?: Row;
}

/** The server half of a resource: its table and whatever is special about it. */
export interface ServerResource {
  resource: Resource;
  /** the Drizzle table; every declared field is a property of it, and it has an `id` */
  table: PgTable;
  /** condition of every read, edit and delete (tenant, data rules, logical deletion) */
  scope?: () => SQL | undefined;
  /**
   * the rows another resource's `ref` field may point at (e.g. active partners only; default every
   * row in scope): a reference to any other row is refused
   */
  pickable?: () => SQL | undefined;
  hooks?: {
    /** refuse (throw BizError) or adjust a write before it is made */
    beforeSave?(ctx: WriteContext): Promise<void> | void;
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
}

/** What registration derived, for extra routes, reports and tests. */
export interface GeneratedResource {
  list: EntityList<PgTable, Record<string, unknown>>;
  /** the WHERE of a list or export request: standard filters, super query and `listWhere` */
  where(query: Query, tz: string): SQL | undefined;
  sheet: ExportSheet;
  toJson(row: Row, tz: string): Record<string, unknown>;
  findById(db: Db, id: string): Promise<Row | undefined>;
}

const QUERY_TYPE: Record<ResourceField['type'], FieldType> = {
  string: 'string',
  text: 'string',
  dict: 'string',
  enum: 'string',
  boolean: 'string',
  int: 'int',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  image: 'string',
  images: 'string',
  area: 'string',
  location: 'string',
  percent: 'number',
  richtext: 'string',
  ref: 'string',
};

/**
 * List conditions of area fields: a code matches its division and everything inside it (a province
 * code finds its districts); several codes (a `multiple` field) match when any one does.
 */
function areaConditions(
  areaFields: readonly ResourceField[],
  columns: Record<string, PgColumn>,
  query: Query,
): SQL[] {
  const out: SQL[] = [];
  for (const f of areaFields) {
    const value = str(query[f.key]);
    if (!value) continue;
    const col = columns[f.key]!;
    const matches = listOf(value).map((code) => {
      const prefix = escapeLike(areaPrefix(code));
      // a multiple field holds comma-joined codes: match the start of any of them
      return f.multiple ? sql`(',' || ${col}) like ${`%,${prefix}%`}` : sql`${col} like ${`${prefix}%`}`;
    });
    out.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  return out;
}

/** The table's column of every declared field (a missing one is a programming error, found at start). */
export function resourceColumns(sr: ServerResource): Record<string, PgColumn> {
  const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
  const out: Record<string, PgColumn> = {};
  for (const f of [{ key: 'id' }, ...sr.resource.decl.fields]) {
    const column = columns[f.key];
    if (!column) throw new Error(`resource ${sr.resource.decl.name}: table has no column for field ${f.key}`);
    out[f.key] = column;
  }
  return out;
}

/** Derive list, sheet and JSON of a resource. */
export function generate(sr: ServerResource): GeneratedResource {
  const { decl, surfaces } = sr.resource;
  const columns = resourceColumns(sr);
  const fields: EntityFields = {
    id: { column: columns.id!, type: 'string' },
    ...Object.fromEntries(
      decl.fields.map((f) => [
        f.key,
        {
          column: columns[f.key]!,
          type: QUERY_TYPE[f.type],
          ...(!isQueryable(f) ? { filterable: false, sortable: false } : {}),
        },
      ]),
    ),
  };
  const toJson = (row: Row, tz: string) => {
    const out: Record<string, unknown> = { id: row.id };
    for (const f of decl.fields) {
      const v = row[f.key];
      out[f.key] = f.type === 'datetime' ? formatDateTime(v as Date | null, tz) : fromColumn(f, v);
    }
    return out;
  };
  const dicts = Object.fromEntries(decl.fields.filter((f) => f.dict).map((f) => [f.key, f.dict!]));
  const areaFields = decl.fields.filter((f) => f.type === 'area');
  const refFields = decl.fields.filter((f) => f.type === 'ref');
  const byDict = dictDecorator(toJson, dicts);
  /** dictionary texts, then the names of areas and referenced rows */
  const decorator = async (db: Db, tz: string) => {
    const dictOf = await byDict(db, tz);
    return async (rows: Row[]) => {
      const out = dictOf(rows) as Array<Record<string, unknown>>;
      for (const f of areaFields)
        for (const json of out) {
          const v = json[f.key];
          json[`${f.key}_dictText`] = typeof v === 'string' && v ? listOf(v).map(areaText).join('，') : null;
        }
      for (const f of refFields) {
        const names = await refTexts(
          db,
          f,
          out.map((json) => json[f.key]),
        );
        for (const json of out) {
          const v = json[f.key];
          json[`${f.key}_dictText`] = typeof v === 'string' ? (names.get(v) ?? null) : null;
        }
      }
      return out;
    };
  };
  const list: EntityList<PgTable, Record<string, unknown>> = {
    table: sr.table,
    fields,
    defaultSort: { column: decl.defaultSort.field, order: decl.defaultSort.order },
    tieBreaker: columns.id!,
    scope: sr.scope,
    decorator: decorator as unknown as EntityList<PgTable, Record<string, unknown>>['decorator'],
  };
  const sheet: ExportSheet = {
    ...decl.sheet,
    columns: surfaces.export.map((f) => ({
      key: displayKey(f),
      title: (typeof f.export === 'object' && f.export.title) || f.title,
      width: typeof f.export === 'object' ? f.export.width : undefined,
    })),
  };
  const findById = async (db: Db, id: string) => {
    const [row] = await db
      .select()
      .from(sr.table)
      .where(and(eq(columns.id!, id), sr.scope?.()))
      .limit(1);
    return row as Row | undefined;
  };
  const where = (query: Query, tz: string) => {
    if (!areaFields.length) return entityWhere(list, query, tz, sr.listWhere?.(query, tz));
    // area parameters match whole divisions (areaConditions), not the plain text filter
    const rest = Object.fromEntries(
      Object.entries(query).filter(([k]) => !areaFields.some((f) => f.key === k)),
    );
    return entityWhere(list, rest, tz, [
      ...(sr.listWhere?.(query, tz) ?? []),
      ...areaConditions(areaFields, columns, query),
    ]);
  };
  return { list, where, sheet, toJson, findById };
}

/** Register a resource's generated endpoints (and its extra routes) on the API scope. */
export async function registerResource(app: FastifyInstance, sr: ServerResource): Promise<void> {
  registerReferenceTarget(sr);
  const { resource } = sr;
  const { decl, endpoints: ep } = resource;
  const db = app.db;
  const tz = app.config.timezone;
  const gen = generate(sr);
  const columns = resourceColumns(sr);
  const uniques = decl.fields.filter((f) => f.unique);
  const dictFields = decl.fields.filter((f) => f.type === 'dict' && !f.system);
  const checks = fieldChecks(decl.fields);
  const has = (key: string) => key in (getTableColumns(sr.table) as object);
  const message = { ...RESOURCE_MSG, ...decl.messages };

  /**
   * Refuse values another row holds, dictionary values the dictionary lacks, unknown areas (names
   * become codes), references to rows not offered and pictures never uploaded.
   */
  const assertWritable = async (data: Record<string, unknown>, original?: Row) => {
    const id = original?.id;
    await checks(db, data, original);
    for (const f of uniques) {
      const v = data[f.key];
      if (v === undefined || v === null) continue;
      const [taken] = await db
        .select({ id: columns.id! })
        .from(sr.table)
        .where(and(eq(columns[f.key]!, v), id ? ne(columns.id!, id) : undefined))
        .limit(1);
      if (taken) throw new BizError(f.unique!);
    }
    const sent = dictFields.filter((f) => data[f.key] !== undefined && data[f.key] !== null);
    if (!sent.length) return;
    const lookup = await dictLookup(db, [...new Set(sent.map((f) => f.dict!))]);
    for (const f of sent)
      if (lookup(f.dict!, data[f.key]) === undefined)
        throw new BizError(f.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
  };

  const publishSaved = (req: FastifyRequest, id: string) =>
    decl.socketKey
      ? app.realtime.publishSaved(decl.socketKey, decl.perms.list, requestCaseId(req.headers), async () => {
          const row = await gen.findById(db, id);
          return row ? (await gen.list.decorator(db, tz))([row]) : [];
        })
      : Promise.resolve();

  /** Delete rows by id in one statement (all or nothing); returns how many existed. */
  const remove = async (req: FastifyRequest, ids: string[]) => {
    await sr.hooks?.beforeDelete?.({ db, ids, user: caller(req).user });
    const rows = await db
      .delete(sr.table)
      .where(and(inArray(columns.id!, ids), sr.scope?.()))
      .returning({ id: columns.id! });
    return rows.length;
  };

  /** the list condition, when the server half adds its own (else the list's standard one) */
  const whereOf = (query: Query) =>
    sr.listWhere || decl.fields.some((f) => f.type === 'area') ? { where: gen.where(query, tz) } : {};

  const handlers: { [K in OverridableEndpoint]: ResourceHandler } = {
    list: async (req) => bare(await listEntities(db, gen.list, req.query, tz, whereOf(req.query))),

    queryById: async (req) => {
      const id = oneParam(req.query, 'id');
      const row = id ? await gen.findById(db, id) : undefined;
      if (!row) throw new BizError(resource.notFound);
      const [json] = await (await gen.list.decorator(db, tz))([row]);
      return ok(json);
    },

    add: async (req) => {
      const me = caller(req).user;
      const data = parseWith(resource.addSchema, req.body) as Record<string, unknown>;
      await sr.hooks?.beforeSave?.({ op: 'add', db, user: me, data });
      await assertWritable(data);
      const id = newId();
      await db.insert(sr.table).values({
        ...toColumns(decl.fields, data),
        id,
        ...(has('sysOrgCode') ? { sysOrgCode: me.orgCode } : {}),
        ...(has('createBy') ? { createBy: me.username } : {}),
      });
      await publishSaved(req, id);
      return okMessage(message.added);
    },

    edit: async (req) => {
      const me = caller(req).user;
      const parsed = parseWith(resource.editSchema, req.body) as Record<string, unknown> & { id: string };
      const { id, ...sent } = parsed;
      const data = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
      const original = await gen.findById(db, id);
      if (!original) throw new BizError(resource.notFound);
      await sr.hooks?.beforeSave?.({ op: 'edit', db, user: me, data, original });
      await assertWritable(data, original);
      await db
        .update(sr.table)
        .set({
          ...toColumns(decl.fields, data),
          ...(has('updateBy') ? { updateBy: me.username } : {}),
          ...(has('updateTime') ? { updateTime: new Date() } : {}),
        })
        .where(eq(columns.id!, id));
      await publishSaved(req, id);
      return okMessage(message.edited);
    },

    delete: async (req) => {
      const id = oneParam(req.query, 'id');
      if (!id) throw new BizError(MSG.nothingSelected);
      if ((await remove(req, [id])) === 0) throw new BizError(resource.notFound);
      return okMessage(message.deleted);
    },

    deleteBatch: async (req) => {
      await remove(req, requiredIds(req.query.ids));
      return okMessage(message.deleted);
    },

    exportXls: async (req, reply) =>
      sendEntityExport(req, reply, db, gen.list, gen.sheet, { tz, ...whereOf(req.query) }),
  };

  // the endpoints of the declared operations, each behind its contract's permission
  for (const name of Object.keys(handlers) as OverridableEndpoint[]) {
    const contract = ep[name];
    if (!contract) continue;
    const generated = handlers[name];
    app.route<{ Querystring: Query }>({
      ...routeOf(contract),
      handler: sr.override?.[name]?.(generated, gen) ?? generated,
    });
  }

  if (ep.importExcel) {
    const importUniques: UniqueRule[] = uniques.map((f) => ({
      key: f.key,
      title: f.title,
      takenMessage: f.unique!,
      async taken(tx, values) {
        const rows = await tx
          .select({ v: columns[f.key]! })
          .from(sr.table)
          .where(inArray(columns[f.key]!, values));
        return new Set(rows.map((r) => String(r.v)));
      },
    }));
    await registerImport<Record<string, unknown>>(app, {
      endpoint: ep.importExcel,
      logName: decl.importLogName ?? `${decl.name}ImportExcelErrorLog`,
      plan: ({ user }) => ({
        columns: resource.surfaces.import.map((f) => ({
          key: f.key,
          title: f.title,
          ...(f.dict ? { dict: f.dict } : {}),
          ...(f.required ? { required: true } : {}),
          ...(typeof f.import === 'object' && f.import.aliases ? { aliases: f.import.aliases } : {}),
        })),
        schema: resource.addSchema as never,
        unique: importUniques,
        async insert(tx, rows) {
          for (const data of rows) {
            await sr.hooks?.beforeSave?.({ op: 'add', db: tx, user, data });
            await checks(tx, data);
          }
          await tx.insert(sr.table).values(
            rows.map((data) => ({
              ...toColumns(decl.fields, data),
              id: newId(),
              ...(has('sysOrgCode') ? { sysOrgCode: user.orgCode } : {}),
              ...(has('createBy') ? { createBy: user.username } : {}),
            })),
          );
        },
      }),
    });
  }

  await sr.routes?.(app, gen);
}

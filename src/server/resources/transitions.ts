/**
 * The server half of declared state changes (src/shared/resources/transitions.ts): for each action
 * of a resource's `states`, its endpoint; the rows locked (`SELECT … FOR UPDATE`) inside the
 * caller's row scope; every row checked (its state in `from`, the reason, the guards) before any is
 * changed (all or nothing); one history row per change in sys_state_history; the server half's
 * effects in the same transaction, its `afterCommit` and the realtime push after it. The operation
 * log entry is the audit plugin's, as for every write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceTransition } from '../../shared/resources/define.ts';
import {
  TRANSITION_MSG,
  transitionBetween,
  transitionParamsSchema,
  transitionRefusal,
  type ResourceStateEndpoint,
  type TransitionPreview,
} from '../../shared/resources/transitions.ts';
import type { EndpointContract } from '../../shared/contracts.ts';
import type { Db } from '../db/client.ts';
import { sysStateHistory } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { oneParam, parseWith, requiredIds } from '../lib/http/validate.ts';
import { caller, type UserRow } from '../plugins/auth.ts';
import type { ServerResource, TransitionContext } from './types.ts';

type Row = Record<string, unknown> & { id: string };
type Params = Record<string, unknown>;

/** One row's change as the handler plans it. */
interface Planned {
  row: Row;
  from: string;
  action: string;
  transition: ResourceTransition;
  /** the state it enters: the declared `to`, or the server half's `target` */
  to: string;
  /** a dry run's answer of the server half's `preview` */
  preview?: TransitionPreview;
}

/** A row's history entry as `GET {path}/history` answers it. */
export interface HistoryEntry {
  id: string;
  action: string;
  actionText: string;
  fromState: string;
  toState: string;
  fromText: string;
  toText: string;
  reason: string | null;
  changedBy: string | null;
  changedAt: string | null;
}

/** How the transition handlers reach rows: the generated family's own access (register.ts). */
export interface TransitionAccess {
  /** the caller's row scope: tenant and data rules */
  reach(req: FastifyRequest): Promise<SQL | undefined>;
  /** push a saved row to open grids */
  publish(req: FastifyRequest, id: string): Promise<void>;
  findById(db: Db, id: string, extra?: SQL): Promise<Row | undefined>;
}

/** Who changes rows: a request's caller, or the server itself (a job) acting as `user`. */
interface Actor {
  user: UserRow;
  /** the row scope (undefined: every row) */
  scope: SQL | undefined;
  /** push a changed row to open grids (a job's changes are not pushed) */
  publish?(id: string): Promise<void>;
}

/** Roll a dry run's transaction back after its checks. */
export class DryRun extends Error {}

/** `ids` (comma-joined or a list) or `id`, from the body or the query. */
function idsOf(req: FastifyRequest): string[] {
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Params;
  const query = (req.query ?? {}) as Params;
  const raw = body.ids ?? body.id ?? query.ids ?? query.id;
  return [...new Set(requiredIds(raw))];
}

function paramOf(req: FastifyRequest, name: string): unknown {
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Params;
  return body[name] ?? (req.query as Params | undefined)?.[name];
}

/** Register the endpoints of a resource's declared actions, its setters and its history. */
export function registerTransitions(
  app: FastifyInstance,
  sr: ServerResource,
  access: TransitionAccess,
): void {
  const { resource } = sr;
  const states = resource.states;
  const declared = resource.decl.states;
  if (!states || !declared) return;
  const db = app.db;
  const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
  const idColumn = columns.id!;
  const stateColumn = columns[states.field]!;
  const has = (key: string) => key in columns;
  // an int state column (a job's 0 / -1) is written as a number
  const stored = (state: string) => (stateColumn.dataType === 'number' ? Number(state) : state);
  const title = resource.decl.title;

  /**
   * Change the rows `ids` names (each as `choose` picks: an action, or null to leave it), all or
   * nothing: answers the rows changed.
   */
  const change = async (
    actor: Actor,
    ids: string[],
    reason: string | undefined,
    choose: (row: Row, state: string) => [string, ResourceTransition] | null,
    dryRun = false,
    params: Record<string, unknown> = {},
  ): Promise<Planned[]> => {
    const { user, scope } = actor;
    let planned: Planned[] = [];
    const contextOf = (tx: Db, p: Omit<Planned, 'to'> & { to?: string }): TransitionContext => ({
      tx,
      app,
      user,
      action: p.action,
      row: p.row,
      from: p.from,
      to: p.to ?? p.transition.to,
      reason,
      params,
    });
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // locked in id order, so two batches over the same rows wait instead of deadlocking
        const rows = (await tx
          .select()
          .from(sr.table)
          .where(and(inArray(idColumn, ids), sr.scope?.(), scope))
          .orderBy(idColumn)
          .for('update')) as Row[];
        // a row out of the caller's reach is not there for them
        if (rows.length !== ids.length) throw new BizError(resource.notFound);
        const plan: Planned[] = [];
        for (const id of ids) {
          const row = rows.find((r) => String(r.id) === id)!;
          const from = String(row[states.field]);
          const picked = choose(row, from);
          if (!picked) continue;
          const [action, transition] = picked;
          const chosen = { row, from, action, transition };
          const refused =
            transitionRefusal(title, states.text, transition, row, from, reason) ??
            (await sr.transitions?.[action]?.guard?.(contextOf(tx, chosen)));
          if (refused) throw new BizError(refused);
          const to = sr.transitions?.[action]?.target?.(contextOf(tx, chosen)) ?? transition.to;
          plan.push({ ...chosen, to });
        }
        planned = plan;
        if (dryRun) {
          // an action declared with `preview`: its server half says what would happen
          for (const p of plan)
            if (p.transition.preview)
              p.preview = await sr.transitions?.[p.action]?.preview?.(contextOf(tx, p));
          throw new DryRun();
        }
        for (const p of plan) {
          const ctx = contextOf(tx, p);
          await tx
            .update(sr.table)
            .set({
              [states.field]: stored(p.to),
              ...(has('updateBy') ? { updateBy: user.username } : {}),
              ...(has('updateTime') ? { updateTime: new Date() } : {}),
              ...sr.transitions?.[p.action]?.set?.(ctx),
            })
            .where(and(eq(idColumn, p.row.id), eq(stateColumn, stored(p.from))));
        }
        await recordStateChanges(
          tx,
          resource.decl.name,
          plan.map((p) => ({ rowId: p.row.id, action: p.action, from: p.from, to: p.to })),
          { reason, by: user.username },
        );
        for (const p of plan) await sr.transitions?.[p.action]?.effects?.(contextOf(tx, p));
      });
    } catch (e) {
      if (e instanceof DryRun) return planned;
      throw e;
    }
    const byAction = new Map<string, Planned[]>();
    for (const p of planned) byAction.set(p.action, [...(byAction.get(p.action) ?? []), p]);
    for (const [action, ps] of byAction)
      await sr.transitions?.[action]?.afterCommit?.({
        app,
        user,
        action,
        rows: ps.map((p) => p.row),
        to: ps[0]!.to,
        reason,
        params,
      });
    for (const p of planned) await actor.publish?.(String(p.row.id));
    return planned;
  };
  /** the caller of a request: its user, row scope and realtime push */
  const actorOf = async (req: FastifyRequest): Promise<Actor> => ({
    user: caller(req).user,
    scope: await access.reach(req),
    publish: (id) => access.publish(req, id),
  });
  // keyed by the app's database: the routes register in an encapsulated scope of the app
  const ofApp = runners.get(db) ?? new Map();
  runners.set(db, ofApp);
  ofApp.set(sr, async (action: string, ids: string[], o: SystemTransitionOptions) => {
    const transition = declared.transitions[action];
    if (!transition) throw new Error(`resource ${resource.decl.name} declares no action ${action}`);
    const planned = await change(
      { user: o.user, scope: undefined },
      ids,
      o.reason,
      () => [action, transition],
      false,
      o.params ?? {},
    );
    return planned.length;
  });

  const reasonOf = (req: FastifyRequest) => {
    const v = paramOf(req, 'reason');
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const dryRunOf = (req: FastifyRequest) => {
    const v = paramOf(req, 'dryRun');
    return v === true || v === 'true' || v === '1';
  };
  /** a dry run answers what would change */
  const preview = (planned: Planned[]) =>
    ok(
      planned.map((p) => ({
        id: p.row.id,
        action: p.action,
        from: p.from,
        to: p.to,
        change: `${states.text(p.from)} → ${states.text(p.to)}`,
        ...(p.preview ? { preview: p.preview } : {}),
      })),
      '',
    );

  for (const { name, transition, endpoint } of states.actions)
    route(app, endpoint, async (req) => {
      const dryRun = dryRunOf(req);
      const params = transition.params?.length
        ? (parseWith(transitionParamsSchema(transition), req.body ?? {}) as Record<string, unknown>)
        : {};
      const planned = await change(
        await actorOf(req),
        idsOf(req),
        reasonOf(req),
        (_row, from) => (from === transition.to && transition.already === 'skip' ? null : [name, transition]),
        dryRun,
        params,
      );
      if (dryRun) return preview(planned);
      const done = transition.done ?? TRANSITION_MSG.done(transition.title);
      const message = typeof done === 'function' ? done(planned.length) : done;
      return ok(message, message);
    });

  for (const setter of declared.setters ?? [])
    // its code is one of the transitions' derived codes (checked by defineResource)
    route(app, setter.endpoint as EndpointContract, async (req) => setState(req, setter));

  /** a setter: each row along the action from its state to the wanted one */
  const setState = async (req: FastifyRequest, setter: ResourceStateEndpoint) => {
    const given = paramOf(req, setter.key ?? states.field);
    const wanted = typeof given === 'number' ? String(given) : typeof given === 'string' ? given.trim() : '';
    if (!wanted && !setter.toggle) throw new BizError(setter.required ?? '请选择状态');
    const options = states.actions.flatMap((a) => [a.transition.to, ...a.transition.from]);
    const to = wanted
      ? (options.find((s) => s === wanted) ?? options.find((s) => states.text(s) === wanted))
      : null;
    if (to === undefined) throw new BizError(setter.invalid ?? `${title}状态取值无效`);
    let ids: string[];
    try {
      ids = idsOf(req);
    } catch (e) {
      throw setter.noIds ? new BizError(setter.noIds) : e;
    }
    const reason = reasonOf(req);
    if ((reason?.length ?? 0) > 255) throw new BizError(TRANSITION_MSG.reasonTooLong);
    const planned = await change(await actorOf(req), ids, reason, (_row, from) => {
      // a toggle: the first action the row's state allows
      if (to === null) {
        const a = states.actions.find((x) => x.transition.from.includes(from));
        return a ? [a.name, a.transition] : null;
      }
      if (from === to) {
        if (setter.same === 'skip') return null;
        throw new BizError(TRANSITION_MSG.unchanged(title, states.text(to)));
      }
      const found = transitionBetween(declared, from, to);
      if (!found) throw new BizError(TRANSITION_MSG.refused(title, states.text(from), states.text(to)));
      return found;
    });
    const reached = to ?? planned.at(-1)?.to ?? '';
    const message = setter.done?.(ids.length, reached) ?? TRANSITION_MSG.changed(states.text(reached));
    return ok(message, message);
  };

  route(app, states.history, async (req) => ok(await historyOf(req, oneParam(req.query as never, 'id'))));

  /** a row's history, newest first, when the caller reaches the row */
  const historyOf = async (req: FastifyRequest, id: string | undefined): Promise<HistoryEntry[]> => {
    const row = id ? await access.findById(db, id, await access.reach(req)) : undefined;
    if (!row) throw new BizError(resource.notFound);
    const rows = await db
      .select()
      .from(sysStateHistory)
      .where(and(eq(sysStateHistory.resource, resource.decl.name), eq(sysStateHistory.rowId, String(row.id))))
      .orderBy(desc(sysStateHistory.changedAt), desc(sysStateHistory.id));
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      actionText: declared.transitions[r.action]?.title ?? r.action,
      fromState: r.fromState,
      toState: r.toState,
      fromText: states.text(r.fromState),
      toText: states.text(r.toState),
      reason: r.reason,
      changedBy: r.changedBy,
      changedAt: formatDateTime(r.changedAt, app.config.timezone),
    }));
  };
  histories.set(sr, historyOf);
}

const histories = new WeakMap<
  ServerResource,
  (req: FastifyRequest, id: string | undefined) => Promise<HistoryEntry[]>
>();

/**
 * History rows (sys_state_history: the timeline) for changes of a resource's rows made in `tx`:
 * by the layer's transitions, and by jobs that change a row's declared state fields themselves
 * (自动派单), so the timeline shows them as it shows a person's.
 */
export async function recordStateChanges(
  tx: Db,
  resourceName: string,
  changes: Array<{ rowId: unknown; action: string; from: string; to: string }>,
  by: { reason?: string | null; by: string },
) {
  if (!changes.length) return;
  await tx.insert(sysStateHistory).values(
    changes.map((c) => ({
      id: newId(),
      resource: resourceName,
      rowId: String(c.rowId),
      action: c.action,
      fromState: c.from,
      toState: c.to,
      reason: by.reason ?? null,
      changedBy: by.by,
      // the moment of the change (now() would be the transaction's start, before the lock)
      changedAt: new Date(),
    })),
  );
}

/** A row's state history as the history endpoint answers it (for a kept wire path of its own). */
export function stateHistory(
  sr: ServerResource,
  req: FastifyRequest,
  id: string | undefined,
): Promise<HistoryEntry[]> {
  const of = histories.get(sr);
  if (!of) throw new Error(`resource ${sr.resource.decl.name} declares no states`);
  return of(req, id);
}

/** What a server-side run of an action is told. */
export interface SystemTransitionOptions {
  /** recorded as who changed the rows (history, update_by) */
  user: UserRow;
  reason?: string;
  params?: Record<string, unknown>;
}

const runners = new WeakMap<
  Db,
  Map<ServerResource, (action: string, ids: string[], o: SystemTransitionOptions) => Promise<number>>
>();

/**
 * Run a declared action on rows from the server itself (a scheduled job): the same locked, checked,
 * all-or-nothing change as the endpoint (guards, history, effects, afterCommit), without a caller's
 * row scope; answers the rows changed. A refusal throws as it would answer the endpoint.
 */
export function runTransition(
  app: FastifyInstance,
  sr: ServerResource,
  action: string,
  ids: string[],
  o: SystemTransitionOptions,
): Promise<number> {
  const run = runners.get(app.db)?.get(sr);
  if (!run) throw new Error(`resource ${sr.resource.decl.name} is not registered on this app`);
  return run(action, ids, o);
}

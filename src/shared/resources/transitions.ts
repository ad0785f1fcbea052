/**
 * Declared state changes of a resource (django-fsm's `@transition(source, target, permission)`):
 * each action names the states a row may leave, the state it enters, its permission and whether it
 * takes a reason. From it the layer derives the endpoint (`PUT {path}/{action}`, ids all or
 * nothing), the locked handler inside the caller's row scope, the history row, the command, its
 * row-menu entry, toolbar button and palette entry, and the seeded menu button.
 *
 * Isomorphic (browser, Node, commands): the server-only parts of an action (a guard or effects that
 * need the write transaction) are the server half's (`ServerResource.transitions`).
 */
import { z } from 'zod';
import type { DeclaredContract, EndpointContract } from '../contracts.ts';
import type { ResourceField } from './define.ts';
import { fieldSchema } from './field-rules.ts';

/** One declared action from some states to one state. */
export interface ResourceTransition {
  /** Chinese name of the action: button, palette entry, history (`审核通过`) */
  title: string;
  /** the states a row may be in for this action */
  from: readonly string[];
  /** the state it enters */
  to: string;
  /**
   * the operation, extra action (`permActions`) or other transition whose permission code this
   * action needs (goods' 上架 needs `'edit'`, partner's actions share `'updateStatus'`); default
   * its own code `<domain>:<action>`, granted by a menu button named by its title
   * (src/shared/resources/access.ts)
   */
  perm?: string;
  /** `'required'`: refused without one (`请填写原因`); `'optional'`: asked for, may stay empty */
  reason?: 'required' | 'optional';
  /**
   * a rule on the row's values before the change, checked by the server (and by the command before
   * it calls): the refusal's message, or undefined
   */
  guard?: (row: Readonly<Record<string, unknown>>) => string | undefined;
  /**
   * the wire contract when it is not the generated `PUT {path}/{action}` (a JeecgBoot path kept,
   * e.g. `GET …/doReleaseData?id=`); its handler reads `ids` or `id` from the body or the query.
   * Its permission must be the action's derived code (checked by defineResource).
   */
  endpoint?: DeclaredContract;
  /** the answer's message (default `<title>成功`); `n` is the number of rows changed */
  done?: string | ((n: number) => string);
  /** the refusal of a row not in `from` (default `<实体>状态不能从「X」改为「Y」`) */
  refused?: string;
  /** English words of the command's aliases (default the action's name) */
  english?: string;
  /** further aliases of the command (`images forbid`) */
  aliases?: readonly string[];
  /** shown as a toolbar button for the ticked rows as well as on each row (default true) */
  toolbar?: boolean;
  /** a row already in `to`: left as it is and the call still succeeds (JeecgBoot's idempotent pause) */
  already?: 'skip';
  /** false: no generated command (a hand-written one with its own dialog calls the endpoint) */
  command?: false;
  /**
   * values the action takes beyond the reason (the technician of a 派单, a refund's amount):
   * declared as fields (type, rules, required), sent in the body beside `ids`, checked with the
   * field rules (`transitionParamsSchema`), handed to the server half as `ctx.params`; the command
   * takes each as a flag and the palette asks for them
   */
  params?: readonly ResourceField[];
  /**
   * the dry run asks the server (the endpoint with `dryRun`), whose server half answers what would
   * happen beyond the state (a 派单's candidates and who would be chosen) as `preview` tables
   */
  preview?: boolean;
  /** the id of a command `--explain` runs with the row's id instead of acting (派单 → `dispatch.explain`) */
  explain?: string;
  /**
   * the command asks before acting on a single row too (default: when the action cannot be undone,
   * `isIrreversible`); more than one row is always confirmed, `--yes` answers. `'preview'` (with
   * `preview`): always asks, and the question carries what the server's dry run says would happen
   * (a partner's 停用: how many technicians go offline, how many orders go back to dispatch)
   */
  confirm?: boolean | 'preview';
}

/** What a server half's `preview` answers for one row of a dry run. */
export interface TransitionPreview {
  message?: string;
  columns: ReadonlyArray<{ key: string; title: string }>;
  rows: ReadonlyArray<Record<string, unknown>>;
}

/** The body values of an action's `params`, checked by their field rules (Chinese messages). */
export function transitionParamsSchema(t: ResourceTransition): z.ZodObject {
  return z.object(Object.fromEntries((t.params ?? []).map((f) => [f.key, fieldSchema(f)])));
}

/**
 * An endpoint that sets the state by value (JeecgBoot's `updateStatus {id, status}`): each row goes
 * through the declared action from its state to the wanted one, so it is refused exactly as that
 * action would be.
 */
export interface ResourceStateEndpoint {
  /** its permission must be the derived code of one of the transitions (checked by defineResource) */
  endpoint: DeclaredContract;
  /** the body property holding the wanted state (default the state field's key) */
  key?: string;
  /** a row already in the wanted state: refused (`<实体>已是「X」状态`, default) or left as it is */
  same?: 'refuse' | 'skip';
  /** no wanted state sent: each row takes the first action its state allows (a switch's toggle) */
  toggle?: boolean;
  /** the answer's message for `n` rows set to `to` (default `已改为「X」`) */
  done?: (n: number, to: string) => string;
  /** the message of a wanted state that is not one of the field's */
  invalid?: string;
  /** the message of a body without the wanted state */
  required?: string;
  /** the message of a body naming no row (default 请选择一条记录！) */
  noIds?: string;
}

/** The state machine of a resource: the field holding the state and the actions on it. */
export interface ResourceStates {
  /** the field (an enum or int with `options`) holding the state */
  field: string;
  /** the field naming a row for people in commands (default `commands.ref`, else the first add positional, else `name`) */
  label?: string;
  /** the states' texts when the field has no `options` (a dictionary field): value → text */
  texts?: Readonly<Record<string, string>>;
  transitions: Readonly<Record<string, ResourceTransition>>;
  /** set-by-value endpoints kept for clients that send the wanted state */
  setters?: readonly ResourceStateEndpoint[];
}

/**
 * The property of queryById's answer holding the row's version, which an edit may send back to be
 * refused if the row changed since (optimistic concurrency; see the generated edit).
 */
export const ROW_VERSION = 'rowVersion';

/** Messages of the transition layer. */
export const TRANSITION_MSG = {
  reasonRequired: '请填写原因',
  reasonTooLong: '原因最多255个字符',
  stale: '数据已被他人修改，请刷新后重试',
  badIdempotencyKey: '幂等键最多128个字符',
  refused: (title: string, from: string, to: string) => `${title}状态不能从「${from}」改为「${to}」`,
  unchanged: (title: string, state: string) => `${title}已是「${state}」状态`,
  done: (action: string) => `${action}成功`,
  changed: (state: string) => `已改为「${state}」`,
  confirm: (action: string, n: number, entity: string, irreversible: boolean) =>
    `确定${action} ${n} 个${entity}吗?${irreversible ? '此操作不可撤销。' : ''}`,
} as const;

/** The contract of an action needing `code`: its declared endpoint or `PUT {path}/{action}`. */
export function transitionEndpoint(
  path: string,
  action: string,
  t: ResourceTransition,
  code: string,
): EndpointContract {
  // the code is derived from the same declaration (access.ts), which permissions.ts reads
  const permission = code as EndpointContract['permission'];
  return t.endpoint
    ? { ...t.endpoint, permission }
    : { method: 'PUT', path: `${path}/${action}`, permission };
}

/** The action that takes a row from `from` to `to`, if one is declared. */
export function transitionBetween(
  states: ResourceStates,
  from: string,
  to: string,
): [string, ResourceTransition] | undefined {
  return Object.entries(states.transitions).find(([, t]) => t.to === to && t.from.includes(from));
}

/**
 * An action that cannot be undone: no declared action, or chain of them, leads from the state it
 * enters back to a state it leaves (审核通过: an approved partner is never pending again).
 */
export function isIrreversible(states: Pick<ResourceStates, 'transitions'>, t: ResourceTransition): boolean {
  const all = Object.values(states.transitions);
  const reached = new Set([t.to]);
  const queue = [t.to];
  while (queue.length) {
    const state = queue.shift()!;
    for (const next of all)
      if (next.from.includes(state) && !reached.has(next.to)) {
        reached.add(next.to);
        queue.push(next.to);
      }
  }
  return !t.from.some((f) => reached.has(f));
}

/** A state rows can be set to, and whether the reason is required on the way. */
export interface SettableState {
  to: string;
  reasonRequired: boolean;
}

/**
 * The states that every row (in `rowStates`) can be set to by one declared action each — or is in
 * already when `same` is `'skip'` — among `candidates`, in their order: what a 修改状态 dialog may
 * offer for those rows (anything else the change would refuse). A state all rows are in already is
 * not offered.
 */
export function settableStates(
  states: Pick<ResourceStates, 'transitions'>,
  rowStates: readonly string[],
  candidates: readonly string[],
  same: 'refuse' | 'skip' = 'refuse',
): SettableState[] {
  const out: SettableState[] = [];
  for (const to of candidates) {
    if (!rowStates.length || rowStates.every((s) => s === to)) continue;
    let reasonRequired = false;
    const ok = rowStates.every((from) => {
      if (from === to) return same === 'skip';
      const found = transitionBetween(states as ResourceStates, from, to);
      if (found?.[1].reason === 'required') reasonRequired = true;
      return Boolean(found);
    });
    if (ok) out.push({ to, reasonRequired });
  }
  return out;
}

/** The refusal of an action on a row in state `from` (not in `from`, reason, guard), or undefined. */
export function transitionRefusal(
  entity: string,
  text: (state: string) => string,
  t: ResourceTransition,
  row: Readonly<Record<string, unknown>>,
  state: string,
  reason: string | undefined,
): string | undefined {
  if (!t.from.includes(state))
    return (
      t.refused ??
      (state === t.to
        ? TRANSITION_MSG.unchanged(entity, text(state))
        : TRANSITION_MSG.refused(entity, text(state), text(t.to)))
    );
  if (t.reason === 'required' && !reason?.trim()) return TRANSITION_MSG.reasonRequired;
  if ((reason?.trim().length ?? 0) > 255) return TRANSITION_MSG.reasonTooLong;
  return t.guard?.(row);
}

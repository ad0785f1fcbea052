import { normalizeAddRowSettings } from '../../../../shared/grid-rules.ts';
import { isTempId } from './row-values.ts';
import type { DisabledRows, GridRow } from './types.ts';

/** Default key that drag sort writes the 1-based order into (spec §3). */
export const DEFAULT_SORT_KEY = 'orderNum';

/** Insert `added` at `index` (clamped); a missing or negative index appends at the bottom. */
export function addRowsAt<T>(rows: readonly T[], added: readonly T[], index?: number): T[] {
  if (index === undefined || index < 0 || index >= rows.length) return [...rows, ...added];
  return [...rows.slice(0, index), ...added, ...rows.slice(index)];
}

/**
 * Where the add-row settings put new rows: position 0 is the bottom, position p (1-based) puts the
 * first new row at row p. Count and position are normalised by the shared rule.
 */
export function addIndexOf(settings: { count?: unknown; position?: unknown }): {
  count: number;
  index: number | undefined;
} {
  const { count, position } = normalizeAddRowSettings(settings);
  return { count, index: position === 0 ? undefined : position - 1 };
}

/** Insert `added` right below the row at `index`. */
export const insertBelow = <T>(rows: readonly T[], index: number, added: readonly T[]): T[] =>
  addRowsAt(rows, added, Math.min(rows.length, Math.max(0, index + 1)));

/** Move the row at `index` by `delta` (−1 up, +1 down); out of range leaves the order unchanged. */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const out = [...rows];
  const [row] = out.splice(index, 1);
  out.splice(to, 0, row!);
  return out;
}

/** Move several rows (by id) one step, keeping their relative order; blocked rows stay put. */
export function moveRows(rows: readonly GridRow[], ids: readonly string[], delta: -1 | 1, rowKey = 'id') {
  let out = [...rows];
  const chosen = new Set(ids);
  const order = out.map((r, i) => [r, i] as const).filter(([r]) => chosen.has(String(r[rowKey])));
  const walk = delta < 0 ? order : [...order].reverse();
  for (const [row] of walk) {
    const i = out.indexOf(row);
    const next = out[i + delta];
    if (next && !chosen.has(String(next[rowKey]))) out = moveRow(out, i, delta);
  }
  return out;
}

/** Drag sort: a copy of every row with its 1-based position written into `sortKey`. */
export const writeOrder = (rows: readonly GridRow[], sortKey = DEFAULT_SORT_KEY): GridRow[] =>
  rows.map((r, i) => ({ ...r, [sortKey]: i + 1 }));

/** Reorder `rows` to follow `ids` (e.g. the grid's order after a drag); unknown ids are ignored. */
export function reorder(rows: readonly GridRow[], ids: readonly string[], rowKey = 'id'): GridRow[] {
  const byId = new Map(rows.map((r) => [String(r[rowKey]), r]));
  const seen = ids.map((id) => byId.get(id)).filter((r): r is GridRow => Boolean(r));
  const rest = rows.filter((r) => !ids.includes(String(r[rowKey])));
  return [...seen, ...rest];
}

/**
 * Remove rows by grid id. `removedSaved` lists only rows that were saved before (not temporary):
 * those are the ones for the remove event and for `deleteIds`.
 */
/** Spec §8: `removeRows` given anything but a row id or a list of row ids throws. */
export const REMOVE_ROWS_ARG = 'removeRows 的参数必须是行 id 或行 id 数组';

/** The row ids of a `removeRows` argument: one id or a list of ids; throws TypeError otherwise. */
export function rowIdList(arg: unknown): string[] {
  if (typeof arg === 'string' && arg) return [arg];
  if (Array.isArray(arg) && arg.every((v) => typeof v === 'string' && v)) return [...(arg as string[])];
  throw new TypeError(REMOVE_ROWS_ARG);
}

export function removeRows(rows: readonly GridRow[], ids: readonly string[], rowKey = 'id') {
  const gone = new Set(ids);
  const removed = rows.filter((r) => gone.has(String(r[rowKey])));
  return {
    rows: rows.filter((r) => !gone.has(String(r[rowKey]))),
    removed,
    removedSaved: removed.filter((r) => !isTempId(String(r[rowKey]))),
  };
}

/**
 * Does a row match the disabledRows rules? A rule `{ key: value }` matches when the row's value
 * equals it, `{ key: [a, b] }` when it equals one of them; any matching key disables the row.
 */
export function isRowDisabled(row: GridRow, rules: DisabledRows | undefined): boolean {
  if (!rules) return false;
  return Object.entries(rules).some(([key, rule]) => {
    const value = row[key];
    const choices = Array.isArray(rule) ? rule : [rule];
    return choices.some((c) => c === value || (c !== null && value !== null && String(c) === String(value)));
  });
}

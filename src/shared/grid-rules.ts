/**
 * Editable-grid cell rules of spec §5, shared by the client grid and the server (which re-checks
 * saved rows with the same rules). Rules run in order; the first failing message wins.
 */
import { PATTERN_SHORTCUTS } from './validation.ts';

/** One rule of a column's `validateRules`. */
export interface CellRule {
  required?: boolean;
  /** two or more rows with the same value fail */
  unique?: boolean;
  /** a shortcut of PATTERN_SHORTCUTS (`m`, `e`, `n6-16`, `money`…), otherwise a regular expression */
  pattern?: string | RegExp;
  /** custom check: return true/void to pass, or a message; may be asynchronous */
  handler?: (input: HandlerInput) => CellCheck | Promise<CellCheck>;
  /** message; `${title}` is replaced by the column title */
  message?: string;
}

export type CellCheck = true | void | undefined | string;

export interface HandlerInput {
  value: unknown;
  row: Record<string, unknown>;
  title: string;
}

export interface CellContext {
  title: string;
  row?: Record<string, unknown>;
  /** the column's values of every row (the cell's own included), for `unique` */
  columnValues?: readonly unknown[];
}

/** Default messages when a rule gives none. */
export const CELL_MESSAGES = {
  required: '${title}不能为空',
  unique: '${title}不能重复',
  pattern: '${title}格式不正确',
} as const;

const fill = (message: string, title: string) => message.replace(/\$\{title\}/g, title);

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** The regular expression of a `pattern` (a shortcut name or a regex / regex source). */
export function patternOf(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  const shortcut = (PATTERN_SHORTCUTS as Record<string, { pattern: RegExp }>)[pattern];
  return shortcut ? shortcut.pattern : new RegExp(pattern);
}

/** Message of a shortcut pattern, used when the rule gives none. */
function patternMessage(rule: CellRule, title: string): string {
  if (rule.message) return fill(rule.message, title);
  const shortcut =
    typeof rule.pattern === 'string'
      ? (PATTERN_SHORTCUTS as Record<string, { message: string }>)[rule.pattern]
      : undefined;
  return shortcut ? shortcut.message : fill(CELL_MESSAGES.pattern, title);
}

/** Check one cell against its rules in order; resolves with the first failing message or null. */
export async function validateCell(
  value: unknown,
  rules: readonly CellRule[],
  ctx: CellContext,
): Promise<string | null> {
  const { title } = ctx;
  for (const rule of rules) {
    if (rule.required && isEmpty(value)) return fill(rule.message ?? CELL_MESSAGES.required, title);
    if (rule.unique && !isEmpty(value)) {
      const same = (ctx.columnValues ?? []).filter((v) => String(v) === String(value)).length;
      if (same >= 2) return fill(rule.message ?? CELL_MESSAGES.unique, title);
    }
    // patterns are skipped on empty values (required-ness is its own rule)
    if (rule.pattern !== undefined && !isEmpty(value) && !patternOf(rule.pattern).test(String(value)))
      return patternMessage(rule, title);
    if (rule.handler) {
      const check = await rule.handler({ value, row: ctx.row ?? {}, title });
      if (typeof check === 'string') return fill(check, title);
    }
  }
  return null;
}

/** Number cells: an optional minus, digits and one decimal part; an invalid keystroke keeps `previous`. */
export function acceptNumberInput(previous: string, next: string): string {
  return /^-?\d*(\.\d*)?$/.test(next) ? next : previous;
}

/** Number cells on blur: the parsed number, or empty when nothing numeric was typed. */
export function numberOnBlur(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : null;
}

/** Tag cells: semicolons stripped, then one inserted after every 2 characters. */
export function formatTags(text: string): string {
  const chars = [...text.replace(/;/g, '')];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 2) out.push(chars.slice(i, i + 2).join(''));
  return out.join(';');
}

/** Insert clicks closer than this are refused (spec §5, §9). */
export const INSERT_THROTTLE_MS = 1500;
export const INSERT_TOO_FAST = '你点击的太快了，请慢点点击!';

/** Refuses a second insert within `ms`; returns the warning, or null when the click may proceed. */
export function insertThrottle(ms = INSERT_THROTTLE_MS) {
  let last = -Infinity;
  return (now: number = Date.now()): string | null => {
    if (now - last < ms) return INSERT_TOO_FAST;
    last = now;
    return null;
  };
}

/** Add-row settings (stored locally): count at least 1, position 0..count (0 = bottom). */
export function normalizeAddRowSettings(s: { count?: unknown; position?: unknown; scroll?: unknown }) {
  const count = Math.max(1, Math.floor(Number(s.count) || 1));
  const position = Math.min(count, Math.max(0, Math.floor(Number(s.position) || 0)));
  return { count, position, scroll: Boolean(s.scroll) };
}

/** A column's rules, for checking whole tables (the client grid, and the server on save). */
export interface RuledColumn {
  key: string;
  title: string;
  rules: readonly CellRule[];
}

/** A failing cell of a table: the row's index (0-based), the column key and the first message. */
export interface RowError {
  index: number;
  key: string;
  message: string;
}

/**
 * Check every cell of `rows` against its column's rules, row by row then column by column, each
 * cell with its first failing message (spec §5). `read` gives the value checked (default
 * `row[key]`); `unique` compares the values of every row. Resolves with the failing cells.
 */
export async function validateRows<R extends Record<string, unknown>>(
  rows: readonly R[],
  columns: readonly RuledColumn[],
  read: (row: R, key: string) => unknown = (row, key) => row[key],
): Promise<RowError[]> {
  const ruled = columns.filter((c) => c.rules.length);
  const columnValues = new Map(
    ruled.filter((c) => c.rules.some((r) => r.unique)).map((c) => [c.key, rows.map((r) => read(r, c.key))]),
  );
  const errors: RowError[] = [];
  for (const [index, row] of rows.entries()) {
    for (const column of ruled) {
      const values = columnValues.get(column.key);
      const message = await validateCell(read(row, column.key), column.rules, {
        title: column.title,
        row,
        ...(values ? { columnValues: values } : {}),
      });
      if (message) errors.push({ index, key: column.key, message });
    }
  }
  return errors;
}

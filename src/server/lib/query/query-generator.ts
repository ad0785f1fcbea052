/**
 * JeecgBoot's QueryGenerator conventions (jeecg-api.md §7) over an allow-list of fields.
 * Field names come only from the allow-list; every value is a bound parameter.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MSG, PAGING } from '../../../shared/api.ts';
import { hasNoNul, isRealDate, isRealDateTime } from '../../../shared/validation.ts';
import { BizError } from '../http/result.ts';

export type FieldType = 'string' | 'int' | 'number' | 'boolean' | 'date' | 'datetime';

export interface FieldDef {
  column: PgColumn;
  type: FieldType;
  /** allowed in `column=` sorting; default true */
  sortable?: boolean;
  /** allowed as a filter parameter; default true */
  filterable?: boolean;
  /**
   * 省市区 codes (`multiple`: comma-joined): the super query's equality matches a division and
   * everything inside it (lib/query/area-sql.ts)
   */
  area?: { multiple: boolean };
}

/** Entity property name (camelCase, as on the wire) → column definition. */
export type EntityFields = Record<string, FieldDef>;

type Query = Record<string, unknown>;
export type Op = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

const RESERVED = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  '_t',
  'superQueryParams',
  'superQueryMatchType',
]);
const INT_RANGE = { PgSmallInt: 32_767, PgInteger: 2_147_483_647 } as Record<string, number>;

export const str = (v: unknown): string | undefined => {
  if (Array.isArray(v)) v = v[v.length - 1];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive match; plain LIKE when the text has no cased letters (e.g. Chinese), which is faster. */
export const likeOp = (col: PgColumn, text: string, pattern: string): SQL =>
  text.toLowerCase() === text.toUpperCase() ? like(col, pattern) : ilike(col, pattern);

/** Coerce one raw value to the field's type, or refuse the request (never reaching SQL). */
export function typed(
  name: string,
  def: FieldDef,
  raw: string,
  tz: string,
  bound?: 'begin' | 'end',
): unknown {
  const bad = () => new BizError(MSG.badParam(name));
  if (!hasNoNul(raw)) throw bad();
  switch (def.type) {
    case 'string':
      return raw;
    case 'int': {
      const max = INT_RANGE[def.column.columnType] ?? Number.MAX_SAFE_INTEGER;
      if (!/^-?\d{1,16}$/.test(raw) || Math.abs(Number(raw)) > max) throw bad();
      return Number(raw);
    }
    case 'number':
      if (!/^-?\d+(\.\d+)?$/.test(raw) || raw.length > 30) throw bad();
      return Number(raw);
    case 'boolean':
      if (/^(true|1)$/i.test(raw)) return true;
      if (/^(false|0)$/i.test(raw)) return false;
      throw bad();
    case 'date':
      if (!isRealDate(raw.slice(0, 10))) throw bad();
      return raw.slice(0, 10);
    case 'datetime': {
      let v = raw.replace('T', ' ');
      if (isRealDate(v)) v += bound === 'end' ? ' 23:59:59.999999' : ' 00:00:00';
      else if (!isRealDateTime(v)) throw bad();
      // lists show whole seconds while instants are stored to the microsecond: an end bound takes
      // in its whole second
      else if (bound === 'end') v = `${v.length === 16 ? `${v}:00` : v}.999999`;
      // the wall-clock value is read in the application time zone
      return sql`(${v}::timestamp AT TIME ZONE ${tz})`;
    }
  }
}

export function compare(col: PgColumn, op: Op, value: unknown): SQL {
  const fns = { eq, ne, gt, ge: gte, lt, le: lte } as const;
  return fns[op](col, value as never) as SQL;
}

/** A span of instants: a calendar day or the second a list shows, first and last instant. */
export interface Span {
  start: unknown;
  end: unknown;
}

/** The span a date-time filter value stands for (a whole day for a date, else its whole second). */
export function datetimeSpan(name: string, def: FieldDef, raw: string, tz: string): Span {
  return { start: typed(name, def, raw, tz, 'begin'), end: typed(name, def, raw, tz, 'end') };
}

/** `col <op> span`: equal means within it, less than before it, greater than after it. */
export function compareSpan(col: PgColumn, op: Op, o: Span): SQL {
  switch (op) {
    case 'eq':
      return and(compare(col, 'ge', o.start), compare(col, 'le', o.end))!;
    case 'ne':
      return or(compare(col, 'lt', o.start), compare(col, 'gt', o.end))!;
    case 'gt':
    case 'le':
      return compare(col, op, o.end);
    case 'ge':
    case 'lt':
      return compare(col, op, o.start);
  }
}

const OPERATORS: Array<[string, Op]> = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['=', 'eq'],
];

/** One `field=value` parameter turned into a condition, by the rules of §7.1. */
function condition(name: string, def: FieldDef, raw: string, tz: string): SQL | undefined {
  const col = def.column;
  // the search bar's text modes (`*true*`, `true*`) on a switch mean the value itself
  if (def.type === 'boolean') raw = raw.replace(/^\*/, '').replace(/\*$/, '') || raw;
  /** `col <op> value`; a date-time value stands for its whole second (or day) */
  const against = (op: Op, value: string) =>
    def.type === 'datetime'
      ? compareSpan(col, op, datetimeSpan(name, def, value, tz))
      : compare(col, op, typed(name, def, value, tz));
  for (const [prefix, op] of OPERATORS) {
    if (raw.startsWith(prefix) && raw.length > prefix.length) {
      const rest = raw.slice(prefix.length).trim();
      if (rest) return against(op, rest);
    }
  }
  if (raw.startsWith('!') && raw.length > 1) return against('ne', raw.slice(1));
  if (def.type === 'string') {
    if (raw.length > 2 && raw.startsWith(',') && raw.endsWith(',')) {
      const parts = raw.split(',').filter(Boolean);
      return or(...parts.map((p) => likeOp(col, p, `%${escapeLike(p)}%`)));
    }
    if (raw.includes(',')) return inArray(col, raw.split(',').filter(Boolean));
    if (raw !== '*') {
      const left = raw.startsWith('*');
      const right = raw.endsWith('*');
      const core = raw.replace(/^\*/, '').replace(/\*$/, '');
      if ((left || right) && core)
        return likeOp(col, core, `${left ? '%' : ''}${escapeLike(core)}${right ? '%' : ''}`);
    }
    return eq(col, raw);
  }
  if (raw.includes(',')) {
    const parts = raw
      .split(',')
      .filter(Boolean)
      .map((p) => p.trim());
    return def.type === 'datetime'
      ? or(...parts.map((p) => against('eq', p)))
      : inArray(col, parts.map((p) => typed(name, def, p, tz)) as never[]);
  }
  return against('eq', raw);
}

/** All filter conditions of a list request: plain fields, `_begin/_end` ranges, `_MultiString`. */
export function buildFilters(fields: EntityFields, query: Query, tz: string): SQL[] {
  const out: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const raw = str(rawValue);
    if (raw === undefined) continue;
    if (!hasNoNul(raw)) throw new BizError(MSG.badParam(key));
    const m = /^(.+?)_(begin|end|MultiString)$/.exec(key);
    const name = m ? m[1]! : key;
    const def = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!def || def.filterable === false) continue;
    if (m?.[2] === 'begin') out.push(compare(def.column, 'ge', typed(name, def, raw, tz, 'begin')));
    else if (m?.[2] === 'end') out.push(compare(def.column, 'le', typed(name, def, raw, tz, 'end')));
    else if (m?.[2] === 'MultiString')
      out.push(inArray(def.column, raw.split(',').map((p) => typed(name, def, p.trim(), tz)) as never[]));
    else {
      const c = condition(name, def, raw, tz);
      if (c) out.push(c);
    }
  }
  return out;
}

/** The default sort of a list (JeecgBoot's Vue mixin sends `column=createTime&order=desc`). */
export interface SortFallback {
  column: string;
  order: 'asc' | 'desc';
}

/** One ORDER BY key as parsed from the request. */
export interface SortKey {
  column: PgColumn;
  descending: boolean;
}

/** A list's ORDER BY: the SQL terms and the keys they were built from (the tie breaker last). */
export interface SortPlan {
  orderBy: SQL[];
  keys: SortKey[];
}

/** `column=a,b&order=asc|desc` → ORDER BY over allow-listed columns; `id` breaks ties. */
export function buildOrderBy(
  fields: EntityFields,
  query: Query,
  fallback: SortFallback,
  tieBreaker: PgColumn,
): SortPlan {
  const columnParam = str(query.column) ?? fallback.column;
  const orderParam = str(query.order) ?? fallback.order;
  const descending = !/asc/i.test(orderParam);
  const keys: SortKey[] = [];
  for (const rawName of columnParam.split(',')) {
    const name = rawName.trim().replace(/_dictText$/, '');
    if (!name) continue;
    const def = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!def || def.sortable === false) throw new BizError(MSG.sortColumnMissing(name));
    keys.push({ column: def.column, descending });
  }
  keys.push({ column: tieBreaker, descending: false });
  return { orderBy: keys.map((k) => (k.descending ? desc(k.column) : asc(k.column))), keys };
}

/** `pageNo` (≥1) and `pageSize` (1..max); junk falls back to the defaults. */
export function parsePaging(query: Query): { pageNo: number; pageSize: number; offset: number } {
  const n = (v: unknown, d: number) => {
    const s = str(v);
    return s && /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : d;
  };
  const pageNo = n(query.pageNo, 1);
  const pageSize = Math.min(n(query.pageSize, PAGING.defaultSize), PAGING.maxSize);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

export const allOf = (conds: Array<SQL | undefined>): SQL | undefined => and(...conds.filter(Boolean));

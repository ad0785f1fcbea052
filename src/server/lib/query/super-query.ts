/**
 * JeecgBoot's super query (高级查询, jeecg-api.md §7 point 4) over the allow-list of query-generator:
 * `superQueryParams` (URI-encoded JSON array of {field, rule, val, type, dbType}) and
 * `superQueryMatchType` (and | or) become one parenthesised condition. Field names resolve only
 * through the allow-list, values are typed by the field's type and always bound.
 */
import { and, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { areaMatch, areaMatchAny } from './area-sql.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  SUPER_QUERY_MSG,
  isEmptyCondition,
  normalizeMatchType,
  normalizeRule,
  superQueryParamsSchema,
  valueText,
  type SuperQueryCondition,
  type SuperQueryRule,
} from '../../../shared/super-query.ts';
import { MSG } from '../../../shared/api.ts';
import {
  compare,
  compareSpan,
  datetimeSpan,
  escapeLike,
  likeOp,
  str,
  typed,
  type EntityFields,
  type FieldDef,
  type FieldType,
  type Op,
  type Span,
} from './query-generator.ts';
import { BizError } from '../http/result.ts';

export interface SuperQueryParams {
  superQueryParams?: unknown;
  superQueryMatchType?: unknown;
}

/** Most values an `in` condition may list. */
const MAX_IN_VALUES = 1000;

const clip = (s: string) => (s.length > 64 ? `${s.slice(0, 64)}…` : s);

/**
 * The decoded condition list. Accepts raw JSON and JSON URI-encoded once or twice (the Vue client
 * sends `encodeURI(JSON.stringify(…))`, which the HTTP layer has decoded once already); like Java's
 * URLDecoder, every decoding round reads `+` as a space.
 */
export function decodeSuperQueryParams(value: unknown): SuperQueryCondition[] {
  let text = str(value);
  if (text === undefined) return [];
  const bad = () => new BizError(SUPER_QUERY_MSG.badParams);
  for (let round = 0; round < 3 && !/^[[{]/.test(text) && /[%+]/.test(text); round++) {
    try {
      text = decodeURIComponent(text.replace(/\+/g, ' ')).trim();
    } catch {
      throw bad();
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bad();
  }
  const parsed = superQueryParamsSchema.safeParse(json);
  if (!parsed.success) throw bad();
  return parsed.data;
}

/** Value types a `dbType` or `type` hint may name. */
const HINTS = new Map<string, FieldType>([
  ['int', 'int'],
  ['integer', 'int'],
  ['short', 'int'],
  ['long', 'int'],
  ['number', 'number'],
  ['bigdecimal', 'number'],
  ['float', 'number'],
  ['double', 'number'],
  ['date', 'date'],
  ['datetime', 'datetime'],
]);

/** The narrower types a field's values may be restricted to by a hint; a hint never widens. */
const NARROWER: Record<FieldType, readonly FieldType[]> = {
  string: ['int', 'number', 'date', 'datetime'],
  number: ['int'],
  int: [],
  boolean: [],
  date: [],
  datetime: ['date'],
};

function valueType(field: FieldType, hints: unknown[]): FieldType {
  let t = field;
  for (const h of hints) {
    const hinted = typeof h === 'string' ? HINTS.get(h.trim().toLowerCase()) : undefined;
    if (hinted && NARROWER[t].includes(hinted)) t = hinted;
  }
  return t;
}

/**
 * A typed operand: one value, or a span of a datetime column (application time zone): a whole
 * calendar day, or the whole second a list shows.
 */
type Operand = { value: unknown } | Span;

function operand(name: string, def: FieldDef, type: FieldType, raw: string, tz: string): Operand {
  if (def.type === 'datetime') return datetimeSpan(name, def, type === 'date' ? raw.slice(0, 10) : raw, tz);
  const value = typed(name, type === def.type ? def : { ...def, type }, raw, tz);
  // a hint narrowing a text column only checks the value; the column is still compared as text
  return { value: def.type === 'string' && typeof value !== 'string' ? raw : value };
}

/** `col <op> operand`; a span compares with its first or last instant (eq: within it). */
function compareOperand(col: PgColumn, op: Op, o: Operand): SQL {
  return 'value' in o ? compare(col, op, o.value) : compareSpan(col, op, o);
}

const LIKE_PATTERN: Partial<Record<SuperQueryRule, (escaped: string) => string>> = {
  like: (v) => `%${v}%`,
  right_like: (v) => `${v}%`,
  left_like: (v) => `%${v}`,
};

/**
 * One condition as SQL, or undefined for an item without field, rule or value (dropped). Also the
 * condition of a data rule (lib/access/data-rules.ts): the same allow-list, typing and bound values.
 */
export function condition(fields: EntityFields, c: SuperQueryCondition, tz: string): SQL | undefined {
  if (isEmptyCondition(c)) return undefined;
  const field = String(c.field).trim();
  const name = field.replace(/_dictText$/, '');
  const def = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!def || def.filterable === false) throw new BizError(SUPER_QUERY_MSG.unknownField(clip(field)));
  const rule = normalizeRule(c.rule);
  if (!rule) throw new BizError(SUPER_QUERY_MSG.unknownRule(clip(String(c.rule))));
  const type = valueType(def.type, [c.dbType, c.type]);
  const raw = valueText(c.val).trim();
  const col = def.column;

  if (rule === 'in') {
    const parts = [...new Set(raw.split(',').map((p) => p.trim()))].filter(Boolean);
    if (parts.length === 0) return undefined;
    if (parts.length > MAX_IN_VALUES) throw new BizError(MSG.badParam(name));
    if (def.area) return areaMatchAny(col, parts, def.area.multiple);
    const operands = parts.map((p) => operand(name, def, type, p, tz));
    if (def.type !== 'datetime')
      return inArray(
        col,
        operands.map((o) => (o as { value: unknown }).value),
      );
    return or(...operands.map((o) => compareOperand(col, 'eq', o)));
  }
  // a province or city code stands for every division inside it (a bound prefix of the codes)
  if (def.area && (rule === 'eq' || rule === 'ne') && raw) {
    const within = areaMatch(col, raw, def.area.multiple);
    return rule === 'eq' ? within : not(within);
  }
  const pattern = LIKE_PATTERN[rule];
  if (pattern) {
    if (def.type === 'date' || def.type === 'datetime')
      throw new BizError(SUPER_QUERY_MSG.ruleNotForField(clip(field), rule));
    // a switch matches on its text (`true`/`false`), as numbers do
    if (def.type === 'boolean') return sql`${col}::text like ${pattern(escapeLike(raw))}`;
    const text = String((operand(name, def, type, raw, tz) as { value: unknown }).value);
    // numbers match on their decimal text (`sex like 1` finds 1, 10, 21, …), as MySQL does
    if (def.type !== 'string') return sql`${col}::text like ${pattern(text)}`;
    return likeOp(col, text, pattern(escapeLike(text)));
  }
  return compareOperand(col, rule as Op, operand(name, def, type, raw, tz));
}

/**
 * The super query of a list request as one parenthesised condition (AND by default, OR with
 * `superQueryMatchType=or`), or undefined when there is none. Refuses malformed parameters,
 * unknown fields or rules and values that do not fit the field with a BizError (HTTP 200).
 */
export function buildSuperQuery(fields: EntityFields, params: SuperQueryParams, tz: string): SQL | undefined {
  const conditions = decodeSuperQueryParams(params.superQueryParams)
    .map((c) => condition(fields, c, tz))
    .filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return undefined;
  const joined =
    normalizeMatchType(str(params.superQueryMatchType)) === 'or' ? or(...conditions) : and(...conditions);
  return sql`(${joined})`;
}

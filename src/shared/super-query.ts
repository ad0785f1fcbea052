/**
 * The super query (高级查询) model of spec §3 and §5, shared by the server (which turns it into SQL)
 * and the client's query builder. Wire format: jeecg-api.md §7 point 4.
 */
import { z } from 'zod';

/** Rule value → label, in the order the builder offers them (spec §3). */
export const SUPER_QUERY_RULES = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
} as const;

export type SuperQueryRule = keyof typeof SUPER_QUERY_RULES;

/** JeecgBoot's QueryRuleEnum accepts a rule by its value or its alias (`>=` for `ge`, `LIKE`, …). */
const RULE_ALIASES: Record<string, SuperQueryRule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

/** The rule a wire value names (case-insensitive, aliases included), or undefined. */
export function normalizeRule(rule: unknown): SuperQueryRule | undefined {
  if (typeof rule !== 'string') return undefined;
  const r = rule.trim();
  const key = RULE_ALIASES[r] ?? r.toLowerCase();
  return Object.hasOwn(SUPER_QUERY_RULES, key) ? (key as SuperQueryRule) : undefined;
}

export const MATCH_TYPES = ['and', 'or'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** `superQueryMatchType`: `or` (any case) joins with OR, anything else with AND (the default). */
export const normalizeMatchType = (v: unknown): MatchType =>
  typeof v === 'string' && v.trim().toLowerCase() === 'or' ? 'or' : 'and';

/** Messages of spec §5 (builder) and of the server's refusals. */
export const SUPER_QUERY_MSG = {
  emptySearch: '不能查询空条件',
  emptySave: '空条件不能保存',
  titleRequired: '保存名称不能为空',
  overwrite: (name: string) => `${name} 已存在，是否覆盖？`,
  confirmDelete: '是否删除当前查询？',
  badParams: '高级查询参数格式不正确',
  unknownField: (field: string) => `高级查询的字段不存在：${field}`,
  unknownRule: (rule: string) => `高级查询的规则不支持：${rule}`,
  ruleNotForField: (field: string, rule: string) => `高级查询的字段 ${field} 不支持规则：${rule}`,
} as const;

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** One condition (spec §3). Only field, rule, val, type and dbType reach the server's SQL. */
export const superQueryConditionSchema = z.looseObject({
  field: z.string().nullish(),
  rule: z.string().nullish(),
  /** text; a multi-select may hold an array (joined with commas on the wire) */
  val: z.union([scalar, z.array(scalar)]).nullish(),
  /** component type: input, select, date, datetime, number, … */
  type: z.string().nullish(),
  /** value type: string, int, long, short, bigdecimal, float, double, boolean */
  dbType: z.string().nullish(),
  options: z.array(z.unknown()).nullish(),
  dictCode: z.string().nullish(),
  dictTable: z.string().nullish(),
  dictText: z.string().nullish(),
  customReturnField: z.string().nullish(),
  popup: z.unknown().optional(),
  extendOption: z.unknown().optional(),
});
export type SuperQueryCondition = z.infer<typeof superQueryConditionSchema>;

/** What `superQueryParams` decodes to: at most 100 conditions. */
export const superQueryParamsSchema = z.array(superQueryConditionSchema).max(100);

/** The query being built (spec §3): match type and conditions. */
export const superQuerySchema = z.object({
  matchType: z.enum(MATCH_TYPES).default('and'),
  conditions: z.array(superQueryConditionSchema),
});

/** A saved query (spec §3): title, match type and records (the conditions). */
export const savedSuperQuerySchema = z.object({
  title: z.string({ error: SUPER_QUERY_MSG.titleRequired }).trim().min(1, SUPER_QUERY_MSG.titleRequired),
  matchType: z.enum(MATCH_TYPES).default('and'),
  records: z.array(superQueryConditionSchema),
});
export type SavedSuperQuery = z.infer<typeof savedSuperQuerySchema>;

/** A condition value as text: arrays comma-joined, null/undefined as ''. */
export function valueText(val: SuperQueryCondition['val']): string {
  if (val === null || val === undefined) return '';
  if (Array.isArray(val)) return val.map(String).join(',');
  return String(val);
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A condition lacking its field, rule or value (the server drops those). */
export function isEmptyCondition(c: Partial<SuperQueryCondition> | null | undefined): boolean {
  if (!c || blank(c.field) || blank(c.rule)) return true;
  if (Array.isArray(c.val)) return c.val.every(blank);
  return blank(c.val);
}

/** The message that blocks a search (spec §5), or null when it may run: at least one full condition. */
export function validateForSearch(
  conditions: ReadonlyArray<Partial<SuperQueryCondition>> | null | undefined,
) {
  return !conditions || conditions.every(isEmptyCondition) ? SUPER_QUERY_MSG.emptySearch : null;
}

/** The message that blocks saving (spec §5), or null: conditions first, then the name. */
export function validateForSave(
  title: string | null | undefined,
  conditions: ReadonlyArray<Partial<SuperQueryCondition>> | null | undefined,
) {
  if (!conditions || conditions.every(isEmptyCondition)) return SUPER_QUERY_MSG.emptySave;
  if (blank(title)) return SUPER_QUERY_MSG.titleRequired;
  return null;
}

/** The value kept when the rule changes away from `in`: the first of a multi-value (spec §5). */
export function narrowAwayFromIn<T>(value: T): T | string {
  if (Array.isArray(value)) return (value[0] as T | undefined) ?? '';
  if (typeof value === 'string') return value.split(',')[0] ?? '';
  return value;
}

/** A condition with a new rule; leaving `in` keeps only the first value. */
export function changeRule<C extends Partial<SuperQueryCondition>>(c: C, rule: string): C {
  const wasIn = normalizeRule(c.rule) === 'in' && normalizeRule(rule) !== 'in';
  return { ...c, rule, ...(wasIn ? { val: narrowAwayFromIn(c.val) } : {}) };
}

/**
 * `superQueryParams` for a GET query object: the conditions with a value, as URI-encoded JSON (the
 * HTTP client encodes it once more, like the Vue client). encodeURIComponent rather than the Vue
 * client's encodeURI, so that a `+` in a value survives the server's URLDecoder-style decoding.
 */
export function encodeSuperQueryParams(conditions: ReadonlyArray<Partial<SuperQueryCondition>>): string {
  const items = conditions
    .filter((c) => !isEmptyCondition(c))
    .map((c) => ({
      field: c.field,
      rule: c.rule,
      val: valueText(c.val),
      ...(c.type ? { type: c.type } : {}),
      ...(c.dbType ? { dbType: c.dbType } : {}),
    }));
  return encodeURIComponent(JSON.stringify(items));
}

/** How the builder edits a field's value (and how the server types it). */
export type SuperQueryFieldType =
  'string' | 'int' | 'number' | 'date' | 'datetime' | 'select' | 'user' | 'depart' | 'area' | 'ref';

/** A field the super query builder offers, declared beside a list page's columns. */
export interface SuperQueryField {
  /** entity property (must be in the server's allow-list for the list URL) */
  field: string;
  title: string;
  type: SuperQueryFieldType;
  /** dictionary code for `select` (options come from the session's dictionary cache) */
  dictCode?: string;
  /** fixed options for `select` when there is no dictionary */
  options?: Array<{ value: string; text: string }>;
  /** `ref`: the picker the value is chosen from (its answer read as in pickerOptions) */
  reference?: {
    resource: string;
    label: string;
    picker: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
  };
}

/**
 * Declared aggregates of a resource (`stats`): the dimensions its rows may be grouped by and the
 * measures counted per group, served as `GET {path}/stats?dimension=&by=&measure=` (plus the
 * list's ordinary filters) under the list's permission and row scope, drawn by one chart and one
 * terminal table. Only what is declared here is ever grouped or summed: the request names a
 * dimension and a measure by key, never a column.
 *
 * Isomorphic (browser, Node, commands). It names the declaration's fields structurally, so it
 * imports nothing of define.ts.
 */
import type { EndpointContract } from '../contracts.ts';

/** The grain of a date dimension. */
export type StatsDateBy = 'day' | 'week' | 'month';
/** The level of an area dimension. */
export type StatsAreaBy = 'province' | 'city' | 'district';
export type StatsBy = StatsDateBy | StatsAreaBy;

/** A dimension: the field rows are grouped by (its type decides how: date, dict/enum, area, ref). */
export interface ResourceStatsDimension {
  field: string;
  /** the dimension's name (default the field's title) */
  title?: string;
}

/** A measure of each group: the number of rows, the sum of a money field, distinct values of a field. */
export type ResourceStatsMeasure =
  | { key: string; title: string; fn: 'count' }
  | { key: string; title: string; fn: 'sum'; field: string }
  | { key: string; title: string; fn: 'distinct'; field: string };

/** What a declaration's `stats` holds. */
export interface ResourceStats {
  dimensions: readonly ResourceStatsDimension[];
  measures: readonly ResourceStatsMeasure[];
}

/** How a dimension groups. */
export type StatsDimensionKind = 'date' | 'dict' | 'area' | 'ref';

/** A dimension as derived from the declaration. */
export interface DerivedDimension {
  /** the key the request names (the field's key) */
  key: string;
  field: string;
  title: string;
  kind: StatsDimensionKind;
  /** the grains or levels it offers (date and area), the first the default */
  by: readonly StatsBy[];
}

/** What a declaration's `stats` derive. */
export interface DerivedStats {
  dimensions: readonly DerivedDimension[];
  measures: readonly ResourceStatsMeasure[];
  /** GET {path}/stats: one row per group */
  endpoint: EndpointContract;
}

/** One group of a stats answer. */
export interface StatsRow {
  /** the group's value (a day `2026-11-26`, a month `2026-11`, a dict value, an area code, an id), null: not filled in */
  key: string | null;
  /** what the group is called (dict text, area name, referenced row's name) */
  label: string;
  /** count and distinct: a number; sum of money: decimal text with two places (never a float) */
  value: number | string;
}

/** The answer of `GET {path}/stats`. */
export interface StatsResult {
  dimension: { key: string; title: string; by: StatsBy | null };
  measure: { key: string; title: string; fn: ResourceStatsMeasure['fn'] };
  rows: StatsRow[];
}

export const STATS_BY_TEXT: Record<StatsBy, string> = {
  day: '按日',
  week: '按周',
  month: '按月',
  province: '按省',
  city: '按市',
  district: '按区县',
};

export const STATS_MSG = {
  unknownDimension: (key: string) => `不支持的统计维度：${key}`,
  unknownMeasure: (key: string) => `不支持的统计指标：${key}`,
  unknownBy: (by: string, title: string) => `「${title}」不支持的统计粒度：${by}`,
  hiddenField: (title: string) => `无权查看字段：${title}`,
  empty: '未填写',
} as const;

/** Most groups an answer holds (a ref dimension over many rows). */
export const STATS_MAX_GROUPS = 500;

/** What stats need to know of a declared field. */
interface FieldShape {
  key: string;
  title: string;
  type: string;
  multiple?: boolean;
  dict?: string;
  options?: ReadonlyArray<{ value: string; text: string }>;
}

const DATE_BY: readonly StatsDateBy[] = ['month', 'week', 'day'];
const AREA_BY: readonly StatsAreaBy[] = ['province', 'city', 'district'];

/** The kind of a field's dimension, or undefined when it cannot be one. */
function kindOf(f: FieldShape): StatsDimensionKind | undefined {
  if (f.type === 'date' || f.type === 'datetime') return 'date';
  if (f.type === 'dict' || f.type === 'enum' || f.dict || f.options) return 'dict';
  if (f.type === 'area' && !f.multiple) return 'area';
  if (f.type === 'ref') return 'ref';
  return undefined;
}

/** Check a declaration's `stats` against its fields and derive its dimensions and endpoint. */
export function deriveStats(
  decl: { name: string; path: string; fields: readonly FieldShape[] },
  listCode: string,
  stats: ResourceStats,
): DerivedStats {
  const field = (key: string, what: string) => {
    const f = decl.fields.find((g) => g.key === key);
    if (!f) throw new Error(`resource ${decl.name}: stats ${what} names ${key}, which is not a field`);
    return f;
  };
  const dimensions = stats.dimensions.map((d): DerivedDimension => {
    const f = field(d.field, 'dimension');
    const kind = kindOf(f);
    if (!kind)
      throw new Error(`resource ${decl.name}: field ${f.key} (${f.type}) cannot be a stats dimension`);
    const by = kind === 'date' ? DATE_BY : kind === 'area' ? AREA_BY : [];
    return { key: f.key, field: f.key, title: d.title ?? f.title, kind, by };
  });
  const keys = new Set<string>();
  for (const m of stats.measures) {
    if (keys.has(m.key)) throw new Error(`resource ${decl.name}: stats measure ${m.key} declared twice`);
    keys.add(m.key);
    if (m.fn === 'count') continue;
    const f = field(m.field, 'measure');
    if (m.fn === 'sum' && f.type !== 'money')
      throw new Error(`resource ${decl.name}: stats measure ${m.key} sums ${f.key}, which is not money`);
  }
  if (!dimensions.length || !stats.measures.length)
    throw new Error(`resource ${decl.name}: stats need a dimension and a measure`);
  return {
    dimensions,
    measures: stats.measures,
    // the list's code, derived from the same declaration (permissions.ts cannot be named here)
    endpoint: {
      method: 'GET',
      path: `${decl.path}/stats`,
      permission: listCode as EndpointContract['permission'],
    },
  };
}

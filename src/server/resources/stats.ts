/**
 * `GET {path}/stats` of a resource declaring `stats` (src/shared/resources/stats.ts): its rows
 * grouped by a declared dimension, a declared measure per group. The rows are the list's: the
 * same filters and super query (`gen.where`), the same caller's row scope (`rowScope`: tenant,
 * data rules) and the same permission. A dimension or measure is looked up by key in the
 * declaration (an allow-list); the SQL of each comes from its field's column, every value the
 * request brings is bound. Fields the caller may not see are neither grouped nor summed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areaText } from '../../shared/area.ts';
import type { ResourceField } from '../../shared/resources/define.ts';
import {
  STATS_MAX_GROUPS,
  STATS_MSG,
  type DerivedDimension,
  type DerivedStats,
  type ResourceStatsMeasure,
  type StatsBy,
  type StatsResult,
  type StatsRow,
} from '../../shared/resources/stats.ts';
import { callerFieldRights } from '../lib/access/field-rights.ts';
import { rowScope } from '../lib/access/row-scope.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { routeOf } from '../lib/http/route.ts';
import { oneParam } from '../lib/http/validate.ts';
import { dictLookup } from '../repos/dicts.ts';
import { refTexts } from './field-types.ts';
import type { GeneratedResource, ServerResource } from './types.ts';

type Query = Record<string, string | string[] | undefined>;

/** The request's own parameters (not list filters). */
const STATS_PARAMS = new Set(['dimension', 'by', 'measure']);

/** The text of a week's, a month's or a day's first day. */
const DATE_FORMAT: Record<string, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };
/** How many leading digits of a 6-digit area code a level keeps. */
const AREA_DIGITS: Record<string, number> = { province: 2, city: 4, district: 6 };

/** The SQL of a dimension's group key (text), from its field's column only. */
function keyOf(d: DerivedDimension, f: ResourceField, col: PgColumn, by: StatsBy | null, tz: string): SQL {
  switch (d.kind) {
    case 'date': {
      const at = f.type === 'datetime' ? sql`(${col} AT TIME ZONE ${tz})` : sql`${col}::timestamp`;
      return sql`to_char(date_trunc(${by}, ${at}), ${DATE_FORMAT[by!]})`;
    }
    case 'area': {
      const digits = AREA_DIGITS[by!]!;
      return digits === 6 ? sql`${col}::text` : sql`rpad(left(nullif(${col}, ''), ${digits}), 6, '0')`;
    }
    default:
      return sql`nullif(${col}::text, '')`;
  }
}

/** The SQL of a measure (a number, or money as decimal text with two places). */
function valueOf(m: ResourceStatsMeasure, columns: Record<string, PgColumn>): SQL {
  switch (m.fn) {
    case 'count':
      return sql`count(*)::int`;
    case 'distinct':
      return sql`count(distinct ${columns[m.field]!})::int`;
    case 'sum':
      // numeric all the way: never a float
      return sql`coalesce(sum(${columns[m.field]!}), 0)::numeric(20,2)::text`;
  }
}

/** The labels of a dimension's group keys: dict texts, area names, referenced rows' names. */
async function labelsOf(
  app: FastifyInstance,
  d: DerivedDimension,
  f: ResourceField,
  by: StatsBy | null,
  keys: string[],
): Promise<(key: string) => string> {
  if (d.kind === 'date') return (k) => (by === 'week' ? `${k}当周` : k);
  if (d.kind === 'area') return (k) => areaText(k) || k;
  if (d.kind === 'ref') {
    const names = await refTexts(app.db, f, keys);
    return (k) => names.get(k) ?? k;
  }
  if (f.options) return (k) => f.options!.find((o) => o.value === k)?.text ?? k;
  const lookup = await dictLookup(app.db, [f.dict!]);
  return (k) => lookup(f.dict!, k) ?? k;
}

/**
 * The stats of one request: the dimension, grain and measure it names (each refused in Chinese
 * when the declaration has none such), over the rows its list would show.
 */
export async function statsOf(
  req: FastifyRequest<{ Querystring: Query }>,
  sr: ServerResource,
  stats: DerivedStats,
  gen: GeneratedResource,
  columns: Record<string, PgColumn>,
): Promise<StatsResult> {
  const app = req.server;
  const { decl } = sr.resource;
  const dimKey = oneParam(req.query, 'dimension') ?? stats.dimensions[0]!.key;
  const d = stats.dimensions.find((x) => x.key === dimKey);
  if (!d) throw new BizError(STATS_MSG.unknownDimension(dimKey));
  const measureKey = oneParam(req.query, 'measure') ?? stats.measures[0]!.key;
  const m = stats.measures.find((x) => x.key === measureKey);
  if (!m) throw new BizError(STATS_MSG.unknownMeasure(measureKey));
  const givenBy = oneParam(req.query, 'by');
  let by: StatsBy | null = null;
  if (d.by.length) {
    by = (givenBy ?? d.by[0]!) as StatsBy;
    if (!d.by.includes(by)) throw new BizError(STATS_MSG.unknownBy(givenBy!, d.title));
  } else if (givenBy) throw new BizError(STATS_MSG.unknownBy(givenBy, d.title));

  const f = decl.fields.find((x) => x.key === d.field)!;
  const measured = m.fn === 'count' ? undefined : decl.fields.find((x) => x.key === m.field)!;
  // a field the caller may not see is not counted either
  const rights = await callerFieldRights(
    app,
    req,
    sr.resource.perms.list,
    decl.fields.map((x) => x.key),
  );
  for (const x of [f, measured])
    if (x && rights.hidden.has(x.key)) throw new BizError(STATS_MSG.hiddenField(x.title));

  const tz = app.config.timezone;
  const filters = Object.fromEntries(Object.entries(req.query).filter(([k]) => !STATS_PARAMS.has(k)));
  const where = gen.where(filters, tz, await rowScope(req, sr));
  const found = (await app.db
    .select({ key: keyOf(d, f, columns[f.key]!, by, tz), value: valueOf(m, columns) })
    .from(sr.table)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(STATS_MAX_GROUPS)) as Array<{ key: string | null; value: number | string }>;
  const keys = found.flatMap((r) => (r.key === null ? [] : [r.key]));
  const label = await labelsOf(app, d, f, by, keys);
  const rows: StatsRow[] = found.map((r) => ({
    key: r.key,
    label: r.key === null ? STATS_MSG.empty : label(r.key),
    value: m.fn === 'sum' ? String(r.value) : Number(r.value),
  }));
  return {
    dimension: { key: d.key, title: d.title, by },
    measure: { key: m.key, title: m.title, fn: m.fn },
    rows,
  };
}

/** Register `GET {path}/stats` of a resource declaring `stats` (behind its list permission). */
export function registerStats(
  app: FastifyInstance,
  sr: ServerResource,
  gen: GeneratedResource,
  columns: Record<string, PgColumn>,
): void {
  const stats = sr.resource.stats;
  if (!stats) return;
  app.route<{ Querystring: Query }>({
    ...routeOf(stats.endpoint),
    handler: async (req) => ok(await statsOf(req, sr, stats, gen, columns)),
  });
}

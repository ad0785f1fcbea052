/**
 * GET /yy/ht/yyBasic/homepageDataStatistics (src/shared/stats/home.ts): the KPI cards against
 * yesterday and the same weekday last week, the period's rates, the trend and the breakdowns, all
 * from the day cells (cells.ts) through the metric definitions (src/shared/stats/metrics.ts).
 *
 * Whose figures: the caller's reach of orders and ledger, through the one access path. A caller
 * reaching tenants and at most a partner (no data rule) reads the rollups by those keys; a caller a
 * data rule narrows gets the exact GROUP BY within `rowReach`, the same cells.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { areaText } from '../../shared/area.ts';
import { ORDER_STATUSES } from '../../shared/resources/order-states.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import { addDays, homeRange, todayIn, type HomeGroup, type HomeStatistics } from '../../shared/stats/home.ts';
import {
  COMPLETED_CLASS,
  KPI_KEYS,
  PERIOD_KEYS,
  gmvFen,
  gmvPart,
  metricsOf,
  totalsOf,
  type LedgerCell,
  type OrderCell,
} from '../../shared/stats/metrics.ts';
import { fromFen, toFen } from '../../shared/format.ts';
import { yyProject, yyTechnician } from '../db/schema/index.ts';
import { dataRuleConditions } from '../lib/access/data-rules.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { requestAccess } from '../lib/access/tenant-scope.ts';
import { BizError } from '../lib/http/result.ts';
import { caller } from '../plugins/auth.ts';
import { ledgerServer } from '../resources/ledger.ts';
import { technicianServer } from '../resources/technician.ts';
import type { ServerResource } from '../resources/types.ts';
import { readCells, type CellScope } from './cells.ts';
import { technicianHours } from './utilisation.ts';

/** How many projects and technicians the tops list. */
const TOP = 10;

/** The scope of a request's figures: the rollups by key, or the exact way within its reach. */
export async function cellScope(req: FastifyRequest, orders: ServerResource): Promise<CellScope> {
  const tenants = requestAccess(req);
  const ruled =
    (await dataRuleConditions(req, orders)).length > 0 ||
    (await dataRuleConditions(req, ledgerServer)).length > 0;
  // tenant 0 is the rollups' key of "no tenant": a caller naming it goes the exact way
  if (!ruled && (tenants.all || tenants.ids.every((id) => id > 0)))
    return {
      kind: 'rollup',
      tenants: tenants.all ? 'all' : tenants.ids,
      partnerId: caller(req).user.partnerId ?? null,
    };
  return {
    kind: 'groupBy',
    orderReach: await rowReach(req, orders),
    ledgerReach: await rowReach(req, ledgerServer),
  };
}

const fen = (v: string | undefined) => toFen(v ?? '0') ?? 0;

/** Sums cells by key: orders (total cells), completed, and money (fen) per key. */
function byKey(cells: readonly OrderCell[], ledger: readonly LedgerCell[], dim: 'district' | 'technician') {
  const out = new Map<string, { orders: number; completed: number; gmv: number }>();
  const at = (k: string) => out.get(k) ?? out.set(k, { orders: 0, completed: 0, gmv: 0 }).get(k)!;
  for (const c of cells)
    if (c.dim === dim) {
      const g = at(c.key);
      g.orders += c.n;
      if (c.status === COMPLETED_CLASS) g.completed += c.n;
    }
  for (const c of ledger) if (c.dim === dim) at(c.key).gmv += gmvPart(c);
  return out;
}

/** The names of some rows of a table with `id` and `name` columns. */
async function names(
  req: FastifyRequest,
  table: typeof yyProject | typeof yyTechnician,
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await req.server.db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Technicians on duty now (在线, 服务中) within the caller's reach of technicians. */
async function onDuty(req: FastifyRequest): Promise<number> {
  const reach = await rowReach(req, technicianServer);
  const [row] = await req.server.db
    .select({ n: sql<number>`count(*)::int` })
    .from(yyTechnician)
    .where(and(inArray(yyTechnician.workStatus, [WORK_STATUS.online, WORK_STATUS.busy]), reach));
  return Number(row?.n ?? 0);
}

/** The statistics of the period the query names, for this caller. */
export async function homeStatistics(req: FastifyRequest, orders: ServerResource): Promise<HomeStatistics> {
  const tz = req.server.config.timezone;
  const today = todayIn(tz);
  const range = homeRange(req.query as Record<string, unknown>, today);
  if ('error' in range) throw new BizError(range.error);
  const scope = await cellScope(req, orders);
  const db = req.server.db;
  const [kpiCells, cells, duty, hours] = await Promise.all([
    readCells(db, scope, {
      tz,
      begin: addDays(today, -7),
      end: addDays(today, 1),
      orderDims: ['total', 'first'],
      ledgerDims: ['total'],
    }),
    readCells(db, scope, {
      tz,
      begin: range.begin,
      end: addDays(range.end, 1),
      orderDims: ['total', 'hour', 'district', 'technician', 'project', 'dispatch', 'first'],
      ledgerDims: ['total', 'district', 'technician'],
      // only the totals make the trend: the breakdowns are summed over the period in SQL
      collapse: ['hour', 'district', 'technician', 'project', 'dispatch', 'first'],
    }),
    onDuty(req),
    technicianHours(req, orders, scope, range.begin, range.end),
  ]);

  const dayMetrics = (day: string) =>
    metricsOf(
      totalsOf(kpiCells.orders, kpiCells.ledger, (d) => d === day),
      duty,
    );
  const [now, yesterday, lastWeek] = [today, addDays(today, -1), addDays(today, -7)].map(dayMetrics);
  const period = metricsOf(totalsOf(cells.orders, cells.ledger), duty, hours);

  // the cells of each day, once (not a pass over every cell per day)
  const perDay = new Map<string, { orders: OrderCell[]; ledger: LedgerCell[] }>();
  const dayOf = (d: string) => perDay.get(d) ?? perDay.set(d, { orders: [], ledger: [] }).get(d)!;
  for (const c of cells.orders) if (c.dim === 'total') dayOf(c.day).orders.push(c);
  for (const c of cells.ledger) if (c.dim === 'total') dayOf(c.day).ledger.push(c);
  const trend = [];
  for (let d = range.begin; d <= range.end; d = addDays(d, 1)) {
    const t = totalsOf(perDay.get(d)?.orders ?? [], perDay.get(d)?.ledger ?? []);
    trend.push({
      day: d,
      orders: t.orders,
      completed: t.completed,
      cancelled: t.cancelled,
      gmv: fromFen(gmvFen(t)),
    });
  }

  const statusN = new Map<string, number>();
  const hourN = new Map<string, number>();
  const projects = new Map<string, { n: number; fen: number }>();
  for (const c of cells.orders) {
    if (c.dim === 'total') statusN.set(c.status, (statusN.get(c.status) ?? 0) + c.n);
    else if (c.dim === 'hour') hourN.set(c.key, (hourN.get(c.key) ?? 0) + c.n);
    else if (c.dim === 'project') {
      const p = projects.get(c.key) ?? { n: 0, fen: 0 };
      projects.set(c.key, { n: p.n + c.n, fen: p.fen + fen(c.amount) });
    }
  }
  const districts = byKey(cells.orders, cells.ledger, 'district');
  const techs = byKey(cells.orders, cells.ledger, 'technician');
  techs.delete('');
  const topProjectIds = [...projects.entries()]
    .sort((a, b) => b[1].n - a[1].n || b[1].fen - a[1].fen || a[0].localeCompare(b[0]))
    .slice(0, TOP);
  const topTechIds = [...techs.entries()]
    .sort((a, b) => b[1].completed - a[1].completed || b[1].orders - a[1].orders || a[0].localeCompare(b[0]))
    .slice(0, TOP);
  const [projectNames, techNames] = await Promise.all([
    names(
      req,
      yyProject,
      topProjectIds.map(([id]) => id),
    ),
    names(
      req,
      yyTechnician,
      topTechIds.map(([id]) => id),
    ),
  ]);

  const byDistrict: HomeGroup[] = [...districts.entries()]
    .filter(([, g]) => g.orders > 0 || g.gmv !== 0)
    .sort((a, b) => b[1].orders - a[1].orders || a[0].localeCompare(b[0]))
    .map(([key, g]) => ({
      key,
      label: key ? areaText(key) || key : '未知区县',
      orders: g.orders,
      completed: g.completed,
      amount: fromFen(g.gmv),
    }));

  return {
    today,
    begin: range.begin,
    end: range.end,
    source: scope.kind,
    kpis: KPI_KEYS.map((key) => ({
      key,
      value: now![key],
      yesterday: key === 'onDuty' ? null : yesterday![key],
      lastWeek: key === 'onDuty' ? null : lastWeek![key],
    })),
    period: PERIOD_KEYS.map((key) => ({ key, value: period[key] })),
    trend,
    byStatus: ORDER_STATUSES.filter((s) => statusN.get(s.value)).map((s) => ({
      key: s.value,
      label: s.text,
      orders: statusN.get(s.value)!,
    })),
    byDistrict,
    topProjects: topProjectIds.map(([key, p]) => ({
      key,
      label: projectNames.get(key) ?? key,
      orders: p.n,
      amount: fromFen(p.fen),
    })),
    topTechnicians: topTechIds.map(([key, g]) => ({
      key,
      label: techNames.get(key) ?? key,
      orders: g.orders,
      completed: g.completed,
      amount: fromFen(g.gmv),
    })),
    byHour: Array.from({ length: 24 }, (_, h) => {
      const key = String(h).padStart(2, '0');
      return { key, label: `${key}时`, orders: hourN.get(key) ?? 0 };
    }),
  };
}

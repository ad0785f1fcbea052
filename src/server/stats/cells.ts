/**
 * The day cells the dashboard metrics are computed from (src/shared/stats/metrics.ts), read two
 * ways that answer the same rows:
 *
 * - `rollup`: the day tables the triggers of migrations 0044 and 0048 keep (yy_stat_order_daily,
 *   yy_stat_ledger_daily by tenant and partner; their sums over the partners,
 *   yy_stat_order_daily_tenant and yy_stat_ledger_daily_tenant, for a caller who sees every
 *   partner, and their month sums of migration 0050 for the whole months of a period's breakdowns),
 *   narrowed by tenant (and partner) keys: a few rows per day (or month) and key, whatever the
 *   number of orders;
 * - `groupBy`: an exact GROUP BY of the orders, their lines and the ledger within a row reach
 *   (a caller narrowed by a data rule; the benchmark's baseline; the tests' reference).
 *
 * Days are local to the application's zone; `end` is exclusive. Bound values only.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  COMPLETED_CLASS,
  COMPLETED_STATUSES,
  DISPATCH_CAP,
  DISPATCH_MINUTE_LIMIT,
  NOT_BOOKED_STATUSES,
  type LedgerCell,
  type LedgerDim,
  type OrderCell,
  type OrderDim,
} from '../../shared/stats/metrics.ts';
import type { Db } from '../db/client.ts';

/** Whose cells: every tenant or some, one partner or all; or a reach over the base tables. */
export type CellScope =
  | { kind: 'rollup'; tenants: readonly number[] | 'all'; partnerId: string | null }
  | { kind: 'groupBy'; orderReach?: SQL; ledgerReach?: SQL };

export interface CellQuery {
  tz: string;
  /** local dates, [begin, end) */
  begin: string;
  end: string;
  orderDims: readonly OrderDim[];
  ledgerDims: readonly LedgerDim[];
  /**
   * dimensions summed over the whole period instead of per day (their cells' `day` is `begin`):
   * the breakdowns, which need no trend, come back as one row per key (sums in SQL, not in
   * JavaScript), a few hundred rows instead of one per day and key
   */
  collapse?: ReadonlyArray<OrderDim | LedgerDim>;
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, q: SQL): Promise<Row[]> =>
  ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

const toOrder = (r: Row): OrderCell => ({
  day: String(r.day),
  dim: String(r.dim) as OrderDim,
  key: String(r.key),
  status: String(r.status),
  n: Number(r.n),
  amount: String(r.amount),
  refund: String(r.refund),
});
const toLedger = (r: Row): LedgerCell => ({
  day: String(r.day),
  dim: String(r.dim) as LedgerDim,
  key: String(r.key),
  kind: String(r.kind),
  n: Number(r.n),
  amount: String(r.amount),
});

const dimList = (dims: readonly string[]) =>
  sql.join(
    dims.map((d) => sql`${d}`),
    sql`, `,
  );

function keyScope(scope: Extract<CellScope, { kind: 'rollup' }>): SQL {
  const tenant =
    scope.tenants === 'all'
      ? sql`true`
      : scope.tenants.length
        ? sql`tenant_key in (${sql.join(
            scope.tenants.map((t) => sql`${t}`),
            sql`, `,
          )})`
        : sql`false`;
  const partner = scope.partnerId ? sql`partner_key = ${scope.partnerId}` : sql`true`;
  return sql`${tenant} and ${partner}`;
}

/**
 * The rollup tables a scope reads: one partner's cells from the partner-keyed tables, every
 * partner's from the partner-free ones (migration 0048), a few rows per day and key; and for the
 * latter the month cells (migration 0050).
 */
const rollupTables = (scope: Extract<CellScope, { kind: 'rollup' }>) =>
  scope.partnerId
    ? { orders: sql`yy_stat_order_daily`, ledger: sql`yy_stat_ledger_daily`, months: null }
    : {
        orders: sql`yy_stat_order_daily_tenant`,
        ledger: sql`yy_stat_ledger_daily_tenant`,
        months: { orders: sql`yy_stat_order_monthly_tenant`, ledger: sql`yy_stat_ledger_monthly_tenant` },
      };

const pad2 = (n: number) => String(n).padStart(2, '0');
/** The 1st of the month after the month of a YYYY-MM-DD day. */
function nextMonth(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad2(m + 1)}-01`;
}

/**
 * The whole calendar months of [begin, end): [from, to) as 1sts of months, or null when the
 * period holds none.
 */
export function wholeMonths(begin: string, end: string): { from: string; to: string } | null {
  const from = begin.endsWith('-01') ? begin : nextMonth(begin);
  const to = `${end.slice(0, 8)}01`;
  return from < to ? { from, to } : null;
}

/**
 * The rows a rollup read sums (day, dim, key, status or kind, n, amount[, refund]): per day for the
 * dimensions not collapsed; for the collapsed ones day `begin`, and — from the month cells, when the
 * scope has them — a row per whole month and key instead of one per day.
 */
function rollupRows(
  scope: Extract<CellScope, { kind: 'rollup' }>,
  q: CellQuery,
  which: 'orders' | 'ledger',
  dims: readonly string[],
): SQL {
  const tables = rollupTables(scope);
  const table = tables[which];
  const cols = which === 'orders' ? sql`dim, key, status, n, amount, refund` : sql`dim, key, kind, n, amount`;
  const where = keyScope(scope);
  const collapse = dims.filter((d) => q.collapse?.includes(d as OrderDim));
  const perDay = dims.filter((d) => !collapse.includes(d));
  const parts: SQL[] = [];
  if (perDay.length)
    parts.push(sql`select to_char(day, 'YYYY-MM-DD') as day, ${cols} from ${table}
      where day >= ${q.begin}::date and day < ${q.end}::date and dim in (${dimList(perDay)}) and ${where}`);
  if (collapse.length) {
    const months = tables.months ? wholeMonths(q.begin, q.end) : null;
    if (months && tables.months) {
      parts.push(sql`select ${q.begin}::text as day, ${cols} from ${table}
        where ((day >= ${q.begin}::date and day < ${months.from}::date) or (day >= ${months.to}::date and day < ${q.end}::date))
          and dim in (${dimList(collapse)}) and ${where}`);
      parts.push(sql`select ${q.begin}::text as day, ${cols} from ${tables.months[which]}
        where month >= ${months.from}::date and month < ${months.to}::date and dim in (${dimList(collapse)}) and ${where}`);
    } else
      parts.push(sql`select ${q.begin}::text as day, ${cols} from ${table}
        where day >= ${q.begin}::date and day < ${q.end}::date and dim in (${dimList(collapse)}) and ${where}`);
  }
  return sql.join(parts, sql` union all `);
}

/** A raw GROUP BY's cells summed over the period (day `begin`) when its dimension is collapsed. */
function collapsed(dim: string, q: CellQuery, cells: SQL, ledger = false): SQL {
  if (!q.collapse?.includes(dim as OrderDim)) return cells;
  return ledger
    ? sql`select ${q.begin} as day, dim, key, kind, sum(n)::bigint as n, sum(amount::numeric)::text as amount
          from (${cells}) c group by 2, 3, 4`
    : sql`select ${q.begin} as day, dim, key, status, sum(n)::bigint as n,
            sum(amount::numeric)::text as amount, sum(refund::numeric)::text as refund
          from (${cells}) c group by 2, 3, 4`;
}

/** The order and ledger cells of a period within a scope. */
export async function readCells(
  db: Db,
  scope: CellScope,
  q: CellQuery,
): Promise<{ orders: OrderCell[]; ledger: LedgerCell[] }> {
  if (scope.kind === 'rollup') {
    const [orders, ledger] = await Promise.all([
      q.orderDims.length
        ? rowsOf(
            db,
            sql`select day, dim, key, status, sum(n)::bigint as n,
                  sum(amount)::text as amount, sum(refund)::text as refund
                from (${rollupRows(scope, q, 'orders', q.orderDims)}) c
                group by 1, 2, 3, 4
                having sum(n) <> 0 or sum(amount) <> 0 or sum(refund) <> 0`,
          )
        : [],
      q.ledgerDims.length
        ? rowsOf(
            db,
            sql`select day, dim, key, kind, sum(n)::bigint as n,
                  sum(amount)::text as amount
                from (${rollupRows(scope, q, 'ledger', q.ledgerDims)}) c
                group by 1, 2, 3, 4
                having sum(n) <> 0 or sum(amount) <> 0`,
          )
        : [],
    ]);
    return { orders: orders.map(toOrder), ledger: ledger.map(toLedger) };
  }
  const orders: Row[] = [];
  for (const dim of q.orderDims)
    orders.push(...(await rowsOf(db, collapsed(dim, q, rawOrders(dim, q, scope.orderReach)))));
  const ledger: Row[] = [];
  for (const dim of q.ledgerDims)
    ledger.push(...(await rowsOf(db, collapsed(dim, q, rawLedger(dim, q, scope.ledgerReach), true))));
  return { orders: orders.map(toOrder), ledger: ledger.map(toLedger) };
}

/**
 * The booked minutes of a period (技师利用率's numerator): the 'booked' cells (migration 0049)
 * summed in SQL, one row whatever the number of orders.
 */
export async function bookedMinutes(
  db: Db,
  scope: Extract<CellScope, { kind: 'rollup' }>,
  q: Pick<CellQuery, 'begin' | 'end'>,
): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(amount), 0)::text as m
        from (${rollupRows(scope, { tz: '', orderDims: [], ledgerDims: [], ...q, collapse: ['booked'] }, 'orders', ['booked'])}) c`,
  );
  return Number(row?.m ?? 0);
}

/** [begin, end) local dates as a condition on a timestamptz column. */
const within = (column: SQL, q: CellQuery) =>
  sql`${column} >= (${q.begin}::date::timestamp at time zone ${q.tz})
      and ${column} < (${q.end}::date::timestamp at time zone ${q.tz})`;

/** The district and technician cells' status: COMPLETED_CLASS for a completed order, '' else. */
const statusClass = (status: SQL) =>
  sql`case when ${status} in (${sql.join(
    COMPLETED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) then ${COMPLETED_CLASS} else '' end`;

/** The dispatch minutes' bucket, as `dispatchBucket` (metrics.ts) computes it, 4 digits. */
const bucket = (d: SQL) => sql`lpad((case
    when floor(extract(epoch from ${d}) / 60) < ${DISPATCH_MINUTE_LIMIT} then floor(extract(epoch from ${d}) / 60)
    when floor(extract(epoch from ${d}) / 60) < ${DISPATCH_CAP} then floor(extract(epoch from ${d}) / 600) * 10
    else ${DISPATCH_CAP} end)::int::text, 4, '0')`;

/** The exact GROUP BY of one order dimension (the reach names yy_visit_order's columns unaliased). */
function rawOrders(dim: OrderDim, q: CellQuery, reach: SQL | undefined): SQL {
  const o = sql`yy_visit_order`;
  const day = sql`to_char(${o}.create_time at time zone ${q.tz}, 'YYYY-MM-DD')`;
  const where = sql`${within(sql`${o}.create_time`, q)} and ${reach ?? sql`true`}`;
  const cells = (key: SQL, status: SQL = sql`${o}.status`) => sql`
    select ${day} as day, ${dim}::text as dim, ${key} as key, ${status} as status, count(*)::bigint as n,
      sum(${o}.paid_amount)::text as amount, sum(${o}.refund_amount)::text as refund
    from ${o} where ${where} group by 1, 2, 3, 4`;
  switch (dim) {
    case 'total':
      return cells(sql`''`);
    case 'hour':
      return cells(sql`to_char(${o}.create_time at time zone ${q.tz}, 'HH24')`, sql`''`);
    case 'district':
      return cells(sql`${o}.area_code`, statusClass(sql`${o}.status`));
    case 'technician':
      return cells(sql`coalesce(${o}.technician_id, '')`, statusClass(sql`${o}.status`));
    case 'dispatch':
      return sql`
        select ${day} as day, 'dispatch' as dim,
          ${bucket(sql`${o}.accept_time - ${o}.pay_time`)} as key,
          '' as status, count(*)::bigint as n, 0::numeric(15, 2)::text as amount, 0::numeric(15, 2)::text as refund
        from ${o} where ${where} and ${o}.accept_time is not null and ${o}.pay_time is not null
          and ${o}.accept_time >= ${o}.pay_time
        group by 1, 2, 3, 4`;
    case 'project':
      return sql`
        select ${day} as day, 'project' as dim, i.project_id as key, '' as status, count(*)::bigint as n,
          sum(i.amount)::text as amount, 0::numeric(15, 2)::text as refund
        from ${o} join yy_visit_order_item i on i.order_id = ${o}.id where ${where}
        group by 1, 2, 3, 4`;
    case 'booked':
      // by local appointment day (not booking day), the orders that book the technician's time
      return sql`
        select to_char(${o}.appointment_time at time zone ${q.tz}, 'YYYY-MM-DD') as day, 'booked' as dim,
          ${o}.technician_id as key, '' as status, count(*)::bigint as n,
          sum(${o}.service_minutes)::numeric(15, 2)::text as amount, 0::numeric(15, 2)::text as refund
        from ${o}
        where ${within(sql`${o}.appointment_time`, q)} and ${reach ?? sql`true`}
          and ${o}.technician_id is not null and ${o}.status not in (${dimList(NOT_BOOKED_STATUSES)})
        group by 1, 2, 3, 4`;
    case 'first':
      return sql`
        select ${day} as day, 'first' as dim, '' as key, '' as status, count(*)::bigint as n,
          0::numeric(15, 2)::text as amount, 0::numeric(15, 2)::text as refund
        from ${o}
        where ${where} and ${o}.id in (
          select distinct on (f.customer_id) f.id from yy_visit_order f order by f.customer_id, f.create_time, f.id)
        group by 1, 2, 3, 4`;
  }
}

/** The exact GROUP BY of one ledger dimension (the reach names yy_ledger_entry's columns unaliased). */
function rawLedger(dim: LedgerDim, q: CellQuery, reach: SQL | undefined): SQL {
  const e = sql`yy_ledger_entry`;
  const key =
    dim === 'total'
      ? sql`''`
      : dim === 'district'
        ? sql`coalesce(o.area_code, '')`
        : sql`coalesce(${e}.technician_id, '')`;
  return sql`
    select to_char(${e}.create_time at time zone ${q.tz}, 'YYYY-MM-DD') as day, ${dim}::text as dim,
      ${key} as key, ${e}.kind as kind, count(*)::bigint as n, sum(${e}.amount)::text as amount
    from ${e} left join yy_visit_order o on o.id = ${e}.order_id
    where ${within(sql`${e}.create_time`, q)} and ${reach ?? sql`true`}
    group by 1, 2, 3, 4`;
}

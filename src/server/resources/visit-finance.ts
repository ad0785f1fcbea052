import { sql, type SQL } from 'drizzle-orm';
import { areaText } from '../../shared/area.ts';
import {
  VISIT_FINANCE,
  VISIT_FINANCE_DISTRICTS,
  VISIT_FINANCE_DIVIDE,
  VISIT_FINANCE_MSG,
  VISIT_FINANCE_STATISTICS,
  type VisitFinanceFigures,
} from '../../shared/resources/visit-finance.ts';
import type { Db } from '../db/client.ts';
import { yyVisitFinance } from '../db/views.ts';
import { caller } from '../plugins/auth.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { divideCash } from '../money/statements.ts';
import { ledgerServer } from './ledger.ts';
import { periodOf, statementServer } from './statement.ts';
import type { ServerResource } from './types.ts';

type Query = Record<string, unknown>;
type Row = Record<string, unknown>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** [begin, end) as local dates: `month=YYYY-MM`, or `begin` and `end` (inclusive) YYYY-MM-DD. */
function rangeOf(q: Query): [string, string] {
  const month = typeof q.month === 'string' ? q.month.trim() : '';
  if (month) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new BizError(VISIT_FINANCE_MSG.range);
    const [y, m] = month.split('-').map(Number) as [number, number];
    return [`${month}-01`, new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)];
  }
  const begin = typeof q.begin === 'string' ? q.begin.trim() : '';
  const end = typeof q.end === 'string' ? q.end.trim() : '';
  if (!begin || !end) throw new BizError(VISIT_FINANCE_MSG.range);
  if (
    !DATE.test(begin) ||
    !DATE.test(end) ||
    Number.isNaN(Date.parse(begin)) ||
    Number.isNaN(Date.parse(end))
  )
    throw new BizError(VISIT_FINANCE_MSG.date);
  if (end < begin) throw new BizError(VISIT_FINANCE_MSG.order);
  return [begin, new Date(Date.parse(end) + 86_400_000).toISOString().slice(0, 10)];
}

/**
 * The figures of the ledger entries posted in [begin, end) (local dates) within `reach` (the
 * caller's reach of 资金流水), by district when `byDistrict`: one GROUP BY, money as numeric text.
 */
async function figures(
  db: Db,
  [begin, end]: [string, string],
  tz: string,
  reach: SQL | undefined,
  byDistrict: boolean,
): Promise<Row[]> {
  const district = byDistrict ? sql`o.area_code` : sql`null::varchar`;
  // unaliased: the reach names the ledger's columns by its table
  const res = (await db.execute(sql`
    select ${district} as area_code,
      count(distinct yy_ledger_entry.order_id) filter (where yy_ledger_entry.kind = 'payment')::int as order_count,
      coalesce(-sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.kind = 'payment'), 0)::text as paid_amount,
      (coalesce(-sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.kind = 'payment'), 0)
        - coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.kind = 'travelFee'), 0))::text as service_amount,
      coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.kind = 'travelFee'), 0)::text as travel_amount,
      coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.kind = 'refund'), 0)::text as refund_amount,
      coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.account = 'platform'), 0)::text as platform_amount,
      coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.account = 'partner'), 0)::text as partner_amount,
      coalesce(sum(yy_ledger_entry.amount) filter (where yy_ledger_entry.account = 'technician'), 0)::text as technician_amount
    from yy_ledger_entry join yy_visit_order o on o.id = yy_ledger_entry.order_id
    where yy_ledger_entry.create_time >= (${begin}::date::timestamp at time zone ${tz})
      and yy_ledger_entry.create_time < (${end}::date::timestamp at time zone ${tz})
      and ${reach ?? sql`true`}
    group by 1
    order by 1`)) as unknown as { rows: Row[] };
  return res.rows;
}

const toFigures = (r: Row | undefined, byDistrict: boolean): VisitFinanceFigures => ({
  ...(byDistrict ? { areaCode: String(r?.area_code), areaName: areaText(String(r?.area_code)) } : {}),
  orderCount: Number(r?.order_count ?? 0),
  paidAmount: String(r?.paid_amount ?? '0'),
  serviceAmount: String(r?.service_amount ?? '0'),
  travelAmount: String(r?.travel_amount ?? '0'),
  refundAmount: String(r?.refund_amount ?? '0'),
  platformAmount: String(r?.platform_amount ?? '0'),
  partnerAmount: String(r?.partner_amount ?? '0'),
  technicianAmount: String(r?.technician_amount ?? '0'),
});

/**
 * 财务明细: the view yy_visit_finance (per local month and district) read as every resource, and
 * beside it the period's statistics, the per-district summary (both over the caller's reach of
 * 资金流水, in SQL) and 分账. divideCash is a GET as the spec has it: it writes, so it is behind
 * its own code (分账) and idempotent (one payout per settled statement, a unique index).
 */
export const visitFinanceServer: ServerResource = {
  resource: VISIT_FINANCE,
  table: yyVisitFinance,
  tenant: { column: 'tenantId' },
  endpoints: [
    {
      contract: VISIT_FINANCE_STATISTICS,
      async handler(req) {
        const rows = await figures(
          req.server.db,
          rangeOf(req.query),
          req.server.config.timezone,
          await rowReach(req, ledgerServer),
          false,
        );
        return ok(toFigures(rows[0], false));
      },
    },
    {
      contract: VISIT_FINANCE_DISTRICTS,
      async handler(req) {
        const rows = await figures(
          req.server.db,
          rangeOf(req.query),
          req.server.config.timezone,
          await rowReach(req, ledgerServer),
          true,
        );
        return ok(rows.map((r) => toFigures(r, true)));
      },
    },
    {
      contract: VISIT_FINANCE_DIVIDE,
      async handler(req) {
        const p = periodOf(req.query);
        return ok(
          await divideCash(req.server.db, p, {
            by: caller(req).user.username,
            reach: await rowReach(req, statementServer),
          }),
        );
      },
    },
  ],
};

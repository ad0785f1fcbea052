import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromFen, toFen } from '../../shared/format.ts';
import { LEDGER_ACCOUNT, LEDGER_KIND } from '../../shared/money/ledger.ts';
import {
  COMMISSION_MSG,
  COMMISSION_PREVIEW,
  COMMISSION_PROJECT_PICKER,
  COMMISSION_TECH_ROYALTY,
  COMMISSION_TECHNICIAN_PICKER,
  TECH_COMMISSION,
  commissionRuleProblem,
  type CommissionPreview,
} from '../../shared/resources/technician-commission.ts';
import { ORDER_MSG } from '../../shared/resources/order.ts';
import {
  yyLedgerEntry,
  yyProject,
  yyTechnician,
  yyTechnicianCommission,
  yyVisitOrder,
} from '../db/schema/index.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { oneParam } from '../lib/http/validate.ts';
import { orderCommission, ruleText } from '../money/commission.ts';
import { orderServer } from './order.ts';
import { pickableTechnicians, technicianServer } from './technician.ts';
import type { ServerResource } from './types.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const ROYALTY_MSG = {
  technician: '请选择技师',
  technicianMissing: '技师不存在',
  date: '日期格式应为YYYY-MM-DD',
  range: '结束日期不能早于开始日期',
  order: '请输入订单号',
} as const;

/** The first and last day of the local month of `d`. */
function monthOf(d: Date, tz: string): [string, string] {
  const day = formatDateTime(d, tz)!.slice(0, 10);
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${day.slice(0, 7)}-01`, `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`];
}

/**
 * 技师提成: the generated family of the rules (a rule names what its scope needs and amounts its
 * type needs; a field its scope or type does not use is kept as sent and never read), the preview of an order's
 * commission and `getTechRoyalty` (a technician's commission over a period, from the ledger).
 */
export const commissionServer: ServerResource = {
  resource: TECH_COMMISSION,
  table: yyTechnicianCommission,
  hooks: {
    beforeSave({ data, original }) {
      const merged = { ...original, ...data } as Record<string, unknown>;
      const problem = commissionRuleProblem(merged as never);
      if (problem) throw new BizError(problem);
    },
  },
  endpoints: [
    {
      contract: COMMISSION_TECHNICIAN_PICKER,
      async handler(req) {
        return ok(await pickableTechnicians(req));
      },
    },
    {
      contract: COMMISSION_PROJECT_PICKER,
      async handler(req) {
        const rows = await req.server.db
          .select({ id: yyProject.id, name: yyProject.name })
          .from(yyProject)
          .orderBy(asc(yyProject.sort));
        return ok(rows);
      },
    },
    {
      contract: COMMISSION_PREVIEW,
      async handler(req) {
        const ref = oneParam(req.query, 'orderId')?.trim();
        if (!ref) throw new BizError(ROYALTY_MSG.order);
        const db = req.server.db;
        const tz = req.server.config.timezone;
        const [order] = await db
          .select()
          .from(yyVisitOrder)
          .where(
            and(
              or(eq(yyVisitOrder.id, ref), eq(yyVisitOrder.orderNo, ref)),
              await rowReach(req, orderServer),
            ),
          );
        if (!order) throw new BizError(ORDER_MSG.notFound);
        const c = await orderCommission(db, order, new Date(), tz);
        const [tech] = order.technicianId
          ? await db
              .select({ name: yyTechnician.name })
              .from(yyTechnician)
              .where(eq(yyTechnician.id, order.technicianId))
          : [];
        const [posted] = await db
          .select({ amount: sql<string | null>`sum(${yyLedgerEntry.amount})::text` })
          .from(yyLedgerEntry)
          .where(
            and(
              eq(yyLedgerEntry.orderId, order.id),
              eq(yyLedgerEntry.kind, LEDGER_KIND.commission),
              sql`${yyLedgerEntry.reversalOf} is null`,
            ),
          );
        const amount = order.technicianId ? c.fen : 0;
        const answer: CommissionPreview = {
          orderId: order.id,
          orderNo: order.orderNo,
          technicianId: order.technicianId,
          technicianName: tech?.name ?? null,
          projectName: c.target.projectName,
          techLevel: c.target.techLevel,
          date: c.target.date,
          paidAmount: order.paidAmount,
          fareAmount: order.fareAmount,
          serviceAmount: fromFen(c.target.serviceFen),
          minutes: c.target.minutes,
          monthCount: c.target.monthCount,
          rule: c.rule
            ? { id: c.rule.id, name: c.rule.name ?? null, scope: c.rule.scope, type: c.rule.type }
            : null,
          amount: fromFen(amount),
          posted: posted?.amount ? fromFen(toFen(posted.amount) ?? 0) : null,
          candidates: c.candidates.map((r) => ({
            id: r.id,
            name: r.name ?? null,
            scope: r.scope,
            type: r.type,
            priority: r.priority ?? 0,
          })),
          message: !order.technicianId
            ? '订单尚未派单，没有技师提成'
            : c.rule
              ? `订单 ${order.orderNo} 适用${ruleText(c.rule, c.target)}，提成 ${fromFen(amount)} 元`
              : `订单 ${order.orderNo} ${COMMISSION_MSG.none}，提成 0.00 元`,
        };
        return ok(answer);
      },
    },
    {
      contract: COMMISSION_TECH_ROYALTY,
      async handler(req) {
        const technicianId = oneParam(req.query, 'technicianId')?.trim();
        if (!technicianId) throw new BizError(ROYALTY_MSG.technician);
        const tz = req.server.config.timezone;
        const [defBegin, defEnd] = monthOf(new Date(), tz);
        const begin = oneParam(req.query, 'begin')?.trim().slice(0, 10) || defBegin;
        const end = oneParam(req.query, 'end')?.trim().slice(0, 10) || defEnd;
        if (!DATE.test(begin) || !DATE.test(end)) throw new BizError(ROYALTY_MSG.date);
        if (end < begin) throw new BizError(ROYALTY_MSG.range);
        const db = req.server.db;
        const [tech] = await db
          .select({ id: yyTechnician.id, name: yyTechnician.name })
          .from(yyTechnician)
          .where(and(eq(yyTechnician.id, technicianId), await rowReach(req, technicianServer)));
        if (!tech) throw new BizError(ROYALTY_MSG.technicianMissing);
        const L = yyLedgerEntry;
        const from = sql`(${begin}::date::timestamp at time zone ${tz})`;
        const to = sql`((${end}::date + 1)::timestamp at time zone ${tz})`;
        // each entry by its kind and the kind it takes back (a claw-back of a commission or a fare):
        // a join, not a subquery in the GROUP BY, which PostgreSQL ran as a scan of the whole ledger
        const reversed = alias(yyLedgerEntry, 'reversed');
        const base = sql<string>`coalesce(${reversed.kind}, ${L.kind})`;
        const rows = await db
          .select({
            kind: L.kind,
            base,
            amount: sql<string>`sum(${L.amount})::text`,
            orders: sql<number>`count(distinct ${L.orderId})::int`,
          })
          .from(L)
          .leftJoin(reversed, eq(reversed.id, L.reversalOf))
          .where(
            and(
              eq(L.account, LEDGER_ACCOUNT.technician),
              eq(L.accountId, technicianId),
              gte(L.createTime, from),
              lt(L.createTime, to),
            ),
          )
          .groupBy(L.kind, base);
        const sum = (pick: (r: (typeof rows)[number]) => boolean) =>
          rows.filter(pick).reduce((n, r) => n + (toFen(r.amount) ?? 0), 0);
        const commission = sum((r) => r.kind === LEDGER_KIND.commission);
        const travelFee = sum((r) => r.kind === LEDGER_KIND.travelFee);
        const clawback = sum((r) => r.kind === LEDGER_KIND.clawback);
        const commissionClawback = sum(
          (r) => r.kind === LEDGER_KIND.clawback && r.base === LEDGER_KIND.commission,
        );
        return ok({
          technicianId,
          technicianName: tech.name,
          begin,
          end,
          orderCount: rows.find((r) => r.kind === LEDGER_KIND.commission)?.orders ?? 0,
          commission: fromFen(commission),
          travelFee: fromFen(travelFee),
          clawback: fromFen(clawback),
          /** the commission less its claw-backs in the period */
          royalty: fromFen(commission + commissionClawback),
          /** everything credited to the technician in the period */
          total: fromFen(commission + travelFee + clawback),
        });
      },
    },
  ],
};

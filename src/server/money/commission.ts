/**
 * 技师提成 on the server: the rules in force and an order's target (its technician, level, main
 * project, service amount, minutes and the technician's completed count in the month), handed to
 * the pure rules of src/shared/money/commission.ts. Used by the completion's ledger posting and by
 * the preview, so both name the same rule and amount.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { fromFen, toFen } from '../../shared/format.ts';
import {
  computeCommission,
  rankRules,
  type CommissionRule,
  type CommissionTarget,
} from '../../shared/money/commission.ts';
import type { Db } from '../db/client.ts';
import { yyTechnician, yyTechnicianCommission, yyVisitOrder, yyVisitOrderItem } from '../db/schema/index.ts';
import { formatDateTime } from '../lib/http/time.ts';

const fen = (v: unknown) => toFen(v ?? '0') ?? 0;

/** Every rule, as the pure functions read them. */
export async function loadRules(db: Db): Promise<CommissionRule[]> {
  const rows = await db.select().from(yyTechnicianCommission);
  return rows.map((r) => ({ ...r, createdAt: r.createTime?.getTime() ?? 0 }));
}

export type OrderRow = typeof yyVisitOrder.$inferSelect;

/** The order's commission target when completed at `at` (its finish time once it has one). */
export async function commissionTarget(
  db: Db,
  order: OrderRow,
  at: Date,
  tz: string,
): Promise<CommissionTarget & { projectName: string | null }> {
  const when = order.finishTime ?? at;
  const [item] = await db
    .select({ projectId: yyVisitOrderItem.projectId, projectName: yyVisitOrderItem.projectName })
    .from(yyVisitOrderItem)
    .where(eq(yyVisitOrderItem.orderId, order.id))
    .orderBy(asc(yyVisitOrderItem.sortNo), asc(yyVisitOrderItem.id))
    .limit(1);
  const [tech] = order.technicianId
    ? await db
        .select({ level: yyTechnician.level })
        .from(yyTechnician)
        .where(eq(yyTechnician.id, order.technicianId))
    : [];
  // the technician's orders completed earlier in the same local month, plus this one
  const [count] = order.technicianId
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(yyVisitOrder)
        .where(
          and(
            eq(yyVisitOrder.technicianId, order.technicianId),
            sql`${yyVisitOrder.id} <> ${order.id}`,
            sql`${yyVisitOrder.finishTime} < ${when.toISOString()}::timestamptz`,
            sql`${yyVisitOrder.finishTime} >= (date_trunc('month', ${when.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz})`,
          ),
        )
    : [];
  const paid = fen(order.paidAmount);
  const travel = Math.min(fen(order.fareAmount), paid);
  return {
    technicianId: order.technicianId ?? '',
    projectId: item?.projectId ?? null,
    projectName: item?.projectName ?? null,
    techLevel: tech?.level ?? null,
    date: formatDateTime(when, tz)!.slice(0, 10),
    serviceFen: paid - travel,
    minutes: order.serviceMinutes,
    monthCount: Number(count?.n ?? 0) + 1,
  };
}

/** The rule and commission of an order completed at `at`, with the ranked candidates. */
export async function orderCommission(db: Db, order: OrderRow, at: Date, tz: string) {
  const target = await commissionTarget(db, order, at, tz);
  const rules = await loadRules(db);
  const { rule, fen: amount } = computeCommission(rules, target);
  return { target, rule, fen: amount, candidates: rankRules(rules, target) };
}

/** How a rule reads in a ledger memo or a preview: 规则「通用提成」按服务金额 30%. */
export function ruleText(rule: CommissionRule | undefined, target: CommissionTarget): string {
  if (!rule) return '无适用的提成规则';
  const how: Record<string, string> = {
    '1': `固定 ${rule.amount ?? '0'} 元`,
    '2': `服务金额 ${fromFen(target.serviceFen)} 元 × ${rule.rate ?? '0'}%`,
    '3': `每小时 ${rule.amount ?? '0'} 元 × ${target.minutes} 分钟`,
    '4': `阶梯 ${rule.tiers ?? ''}（当月第 ${target.monthCount} 单）`,
  };
  return `规则「${rule.name ?? rule.id}」${how[rule.type] ?? ''}`;
}

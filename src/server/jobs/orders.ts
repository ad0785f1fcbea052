/**
 * The business jobs of visit orders, on the scheduler like the built-in ones (a run row claimed
 * once per cluster, its history in 执行记录): close unpaid orders, flag time-based exceptions,
 * finish overdue services, retry pending refunds. State changes go through the order's declared
 * transitions (`runTransition`), so guards, history and timeline record them as `system`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exceptionKindText } from '../../shared/resources/exception-order-states.ts';
import { ORDER_STATUS } from '../../shared/resources/order-states.ts';
import { yyOrderRefund, yyVisitOrder } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import type { UserRow } from '../plugins/auth.ts';
import { flagExceptions } from '../orders/exceptions.ts';
import { settleRefunds } from '../orders/refunds.ts';
import { settingValue } from '../orders/settings.ts';
import { orderServer } from '../resources/order.ts';
import { runTransition } from '../resources/transitions.ts';
import type { JobContext, JobRegistry } from './registry.ts';

export const ORDER_JOBS = {
  closeUnpaid: 'care.jobs.OrderUnpaidCloseJob',
  flagExceptions: 'care.jobs.ExceptionFlagJob',
  autoFinish: 'care.jobs.ServiceAutoFinishJob',
  retryRefunds: 'care.jobs.RefundRetryJob',
} as const;

/** Who the jobs act as: recorded in the history and the timeline as 系统. */
export const SYSTEM_USER = {
  id: 'system',
  username: 'system',
  realname: '系统',
  partnerId: null,
} as unknown as UserRow;

/**
 * Run `action` on each order, one transaction each: an order that moved meanwhile (paid while the
 * job ran) is refused by the transition and skipped. Answers how many changed and were skipped.
 */
async function eachOrder(
  app: FastifyInstance,
  ctx: JobContext,
  ids: string[],
  action: string,
  reason: string,
): Promise<{ done: number; skipped: number }> {
  let done = 0;
  let skipped = 0;
  for (const id of ids) {
    if (ctx.signal.aborted) break;
    try {
      done += await runTransition(app, orderServer, action, [id], { user: SYSTEM_USER, reason });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      skipped += 1;
      ctx.log.info({ orderId: id, action, refused: e.message }, 'order job: skipped');
    }
  }
  return { done, skipped };
}

const skippedText = (n: number) => (n ? `，跳过 ${n} 个（状态已变化）` : '');

/** Register the order jobs' handlers (they need the app: its transitions and payment provider). */
export function registerOrderJobs(registry: JobRegistry, app: FastifyInstance): JobRegistry {
  return registry
    .register({
      className: ORDER_JOBS.closeUnpaid,
      title: '关闭超时未支付订单：下单超过「未支付订单自动关闭」分钟仍未支付的订单按支付超时关闭',
      async run(ctx) {
        const minutes = Number(await settingValue(ctx.db, 'order.unpaidCloseMinutes'));
        const rows = await ctx.db
          .select({ id: yyVisitOrder.id })
          .from(yyVisitOrder)
          .where(
            and(
              eq(yyVisitOrder.status, ORDER_STATUS.unpaid),
              sql`${yyVisitOrder.createTime} < now() - make_interval(mins => ${minutes})`,
            ),
          )
          .orderBy(asc(yyVisitOrder.createTime));
        const r = await eachOrder(
          app,
          ctx,
          rows.map((x) => x.id),
          'closeUnpaid',
          `下单超过${minutes}分钟未支付，系统自动关闭`,
        );
        return `关闭超时未支付订单 ${r.done} 个${skippedText(r.skipped)}`;
      },
    })
    .register({
      className: ORDER_JOBS.flagExceptions,
      title: '标记异常订单：接单超时、技师迟到、服务超时',
      async run(ctx) {
        const opened = await flagExceptions(ctx.db);
        const parts = Object.entries(opened).map(([kind, n]) => `${exceptionKindText(kind)} ${n} 个`);
        return `新标记异常订单：${parts.join('，')}`;
      },
    })
    .register({
      className: ORDER_JOBS.autoFinish,
      title: '服务自动完成：开始服务超过预计结束时间「服务自动完成」分钟的订单记为服务完成',
      async run(ctx) {
        const minutes = Number(await settingValue(ctx.db, 'order.autoFinishMinutes'));
        const rows = await ctx.db
          .select({ id: yyVisitOrder.id })
          .from(yyVisitOrder)
          .where(
            and(
              eq(yyVisitOrder.status, ORDER_STATUS.serving),
              sql`${yyVisitOrder.endTime} < now() - make_interval(mins => ${minutes})`,
            ),
          )
          .orderBy(asc(yyVisitOrder.endTime));
        const r = await eachOrder(
          app,
          ctx,
          rows.map((x) => x.id),
          'finish',
          `超过预计结束时间${minutes}分钟，系统自动完成`,
        );
        return `自动完成服务 ${r.done} 个${skippedText(r.skipped)}`;
      },
    })
    .register({
      className: ORDER_JOBS.retryRefunds,
      title: '重试退款：向支付渠道重新发起未完成的退款（同一退款单号，只退一次）',
      async run(ctx) {
        const pending = await ctx.db
          .selectDistinct({ orderId: yyOrderRefund.orderId })
          .from(yyOrderRefund)
          .where(eq(yyOrderRefund.status, 'pending'));
        await settleRefunds(
          app,
          pending.map((p) => p.orderId),
        );
        const [left] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(yyOrderRefund)
          .where(eq(yyOrderRefund.status, 'pending'));
        return `重试退款 ${pending.length} 个订单，仍待退款 ${Number(left?.n ?? 0)} 笔`;
      },
    });
}

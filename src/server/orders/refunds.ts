/**
 * Refunds of orders, through the one payment provider (app.payments). A refund is recorded inside
 * the transition's transaction (yy_order_refund: one per order and kind, enforced by a unique index,
 * and the order's refunded total, which a check keeps within the paid amount); after the commit the
 * provider is asked with the refund's fixed key, so a retry or a second instance refunds once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { yyOrderRefund, yyVisitOrder } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';

export type RefundKind = 'cancel' | 'afterSale';

/** Record a refund of `amount` (decimal text > 0) for the order, in the caller's transaction. */
export async function recordRefund(
  tx: Db,
  order: { id: string; orderNo: string },
  kind: RefundKind,
  amount: string,
  reason: string | undefined,
  by: string,
  provider: string,
): Promise<void> {
  await tx.insert(yyOrderRefund).values({
    id: newId(),
    orderId: order.id,
    kind,
    amount,
    refundNo: `${order.orderNo}-${kind}`,
    provider,
    status: 'pending',
    reason: reason ?? null,
    createBy: by,
  });
  await tx
    .update(yyVisitOrder)
    .set({ refundAmount: sql`${yyVisitOrder.refundAmount} + ${amount}::numeric` })
    .where(eq(yyVisitOrder.id, order.id));
}

/**
 * Ask the provider for the pending refunds of these orders and mark them done. A refund the
 * provider fails stays pending (logged) and is asked again with the same key by the next settle.
 */
export async function settleRefunds(app: FastifyInstance, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  const pending = await app.db
    .select({ refund: yyOrderRefund, payReference: yyVisitOrder.payReference, orderNo: yyVisitOrder.orderNo })
    .from(yyOrderRefund)
    .innerJoin(yyVisitOrder, eq(yyVisitOrder.id, yyOrderRefund.orderId))
    .where(and(inArray(yyOrderRefund.orderId, orderIds), eq(yyOrderRefund.status, 'pending')));
  for (const { refund, payReference, orderNo } of pending) {
    try {
      const { providerRef } = await app.payments.refund({
        refundNo: refund.refundNo,
        orderNo,
        payReference,
        amount: refund.amount,
        reason: refund.reason,
      });
      await app.db
        .update(yyOrderRefund)
        .set({ status: 'done', providerRef, updateTime: new Date() })
        .where(and(eq(yyOrderRefund.id, refund.id), eq(yyOrderRefund.status, 'pending')));
    } catch (e) {
      app.log.error({ err: e, refundNo: refund.refundNo }, 'refund failed; it stays pending');
    }
  }
}

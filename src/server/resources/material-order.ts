import { and, asc, eq, gt } from 'drizzle-orm';
import { fromFen, toFen } from '../../shared/format.ts';
import {
  MATERIAL_GOODS_PICKER,
  MATERIAL_MSG,
  MATERIAL_ORDER,
  MATERIAL_PAY,
  MATERIAL_STATUS,
  MATERIAL_TECHNICIAN_PICKER,
} from '../../shared/resources/material-order.ts';
import { yyGoods, yyMaterialOrder } from '../db/schema/index.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { userTenantIds } from '../lib/access/tenant-scope.ts';
import {
  availableFen,
  postDeduction,
  postPurchase,
  postPurchaseRefund,
  restoreStock,
  takeStock,
  technicianPartner,
  walletNo,
  type Movement,
} from '../money/wallet.ts';
import { goodsServer } from './goods.ts';
import { pickableTechnicians } from './technician.ts';
import type { ServerResource, ServerTransition } from './types.ts';

const ON_SALE = '1';

const movementOf = (row: Record<string, unknown>, by: string): Movement => ({
  id: String(row.id),
  no: String(row.orderNo),
  technicianId: String(row.technicianId),
  partnerId: (row.partnerId as string | null) ?? null,
  fen: toFen(row.amount) ?? 0,
  by,
});

const transitions: Record<string, ServerTransition> = {
  ship: {
    set: ({ params }) => ({
      trackingNo:
        typeof params.trackingNo === 'string' && params.trackingNo.trim() ? params.trackingNo.trim() : null,
      shipTime: new Date(),
    }),
  },
  receive: { set: () => ({ receiveTime: new Date() }) },
  cancel: {
    set: ({ reason }) => ({ cancelReason: reason ?? null }),
    // the stock back, and the payment or the deduction reversed: an uncharged deduction nets to
    // nothing on its statement, a charged one (on a confirmed statement) is credited on the next
    async effects({ tx, row, user, reason }) {
      await restoreStock(tx, String(row.goodsId), Number(row.quantity));
      await postPurchaseRefund(tx, movementOf(row, user.username), reason);
    },
  },
};

/**
 * 物料订单: an order takes the goods' stock in its transaction (`stock >= n` in the UPDATE, a CHECK
 * on the column) at the goods' current price; paid from the balance it is checked against what the
 * technician has (balance row locked) and posted to 资金流水 at once; 结算扣款 posts a deduction
 * at once too (a receivable the balance may go below zero for: src/server/money/wallet.ts
 * `postDeduction`), a line of the technician's next statement, whose confirmation marks the order
 * charged (`statement_id`). Partner staff reach their partner's technicians' orders only.
 */
export const materialOrderServer: ServerResource = {
  resource: MATERIAL_ORDER,
  table: yyMaterialOrder,
  partner: { column: 'partnerId' },
  hooks: {
    async beforeSave({ tx, data, op, tz, user }) {
      if (op !== 'add') return;
      const quantity = Number(data.quantity);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999)
        throw new BizError(MATERIAL_MSG.quantity);
      const [goods] = await tx
        .select({ name: yyGoods.name, price: yyGoods.price, status: yyGoods.status })
        .from(yyGoods)
        .where(eq(yyGoods.id, String(data.goodsId)));
      if (!goods || goods.status !== ON_SALE) throw new BizError(MATERIAL_MSG.goodsMissing);
      const fen = (toFen(goods.price) ?? 0) * quantity;
      const technicianId = String(data.technicianId);
      const partnerId = await technicianPartner(tx, technicianId);
      // partner staff act for their partner's technicians only (those they list)
      if (user.partnerId && partnerId !== user.partnerId) throw new BizError(MATERIAL_MSG.technicianMissing);
      if (data.payMethod === MATERIAL_PAY.balance) {
        const available = await availableFen(tx, technicianId);
        if (fen > available) throw new BizError(MATERIAL_MSG.overBalance(fromFen(Math.max(available, 0))));
      }
      if (!(await takeStock(tx, String(data.goodsId), quantity))) {
        const [now] = await tx
          .select({ stock: yyGoods.stock })
          .from(yyGoods)
          .where(eq(yyGoods.id, String(data.goodsId)));
        throw new BizError(MATERIAL_MSG.outOfStock(goods.name, now?.stock ?? 0));
      }
      Object.assign(data, {
        status: MATERIAL_STATUS.unshipped,
        orderNo: walletNo('WL', new Date(), tz ?? 'Asia/Shanghai'),
        goodsName: goods.name,
        price: goods.price,
        amount: fromFen(fen),
        partnerId,
      });
    },
    async afterSave({ tx, id, data, user, op }) {
      if (op !== 'add') return;
      const m = { ...movementOf({ ...data, id }, user.username), tenantId: userTenantIds(user)[0] ?? null };
      await (data.payMethod === MATERIAL_PAY.balance ? postPurchase(tx, m) : postDeduction(tx, m));
    },
  },
  transitions,
  endpoints: [
    {
      contract: MATERIAL_TECHNICIAN_PICKER,
      async handler(req) {
        return ok(await pickableTechnicians(req));
      },
    },
    {
      contract: MATERIAL_GOODS_PICKER,
      async handler(req) {
        const rows = await req.server.db
          .select({ id: yyGoods.id, name: yyGoods.name, price: yyGoods.price, stock: yyGoods.stock })
          .from(yyGoods)
          .where(and(eq(yyGoods.status, ON_SALE), gt(yyGoods.stock, 0), await rowReach(req, goodsServer)))
          .orderBy(asc(yyGoods.name));
        return ok(rows);
      },
    },
  ],
};

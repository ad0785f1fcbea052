import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/*
 * The technicians' wallet: 提现 (withdrawals out of their ledger balance) and 物料订单 (goods
 * bought from the materials mall, paid from the balance or deducted on the next statement).
 * Money is numeric(15,2) (read as text), never a float; every movement of a balance is a
 * 资金流水 entry (src/server/money/wallet.ts).
 */

/** yy_withdraw: a technician's withdrawal request and its review (待审核 → 已审核 → 已打款, or 已驳回). */
export const yyWithdraw = pgTable(
  'yy_withdraw',
  {
    id: idColumn(),
    withdrawNo: varchar('withdraw_no', { length: 20 }).notNull(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    /** the technician's partner when requested (partner staff's reach) */
    partnerId: varchar('partner_id', { length: 32 }),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    /** the account paid into (bank card, Alipay) */
    payAccount: varchar('pay_account', { length: 100 }),
    /** 1 待审核, 2 已审核, 3 已驳回, 4 已打款 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    rejectReason: varchar('reject_reason', { length: 255 }),
    payReference: varchar('pay_reference', { length: 64 }),
    auditBy: varchar('audit_by', { length: 32 }),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    payTime: timestamp('pay_time', { withTimezone: true }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_withdraw_no').on(t.withdrawNo),
    index('idx_yy_withdraw_technician').on(t.technicianId, t.createTime),
    index('idx_yy_withdraw_partner').on(t.partnerId),
    check('ck_yy_withdraw_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * yy_material_order: one goods line bought by a technician (待发货 → 已发货 → 已收货, or 已取消).
 * `pay_method` 1 余额支付 posts the purchase to the ledger at once; 2 结算扣款 posts nothing and
 * waits for the technician's next statement (`statement_id` set by it).
 */
export const yyMaterialOrder = pgTable(
  'yy_material_order',
  {
    id: idColumn(),
    orderNo: varchar('order_no', { length: 20 }).notNull(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    partnerId: varchar('partner_id', { length: 32 }),
    goodsId: varchar('goods_id', { length: 32 }).notNull(),
    /** the goods' name and price when ordered */
    goodsName: varchar('goods_name', { length: 100 }),
    price: numeric('price', { precision: 15, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    /** 1 余额支付, 2 结算扣款 (deducted on the next statement) */
    payMethod: varchar('pay_method', { length: 2 }).notNull(),
    /** the statement that deducted it (pay_method 2), null until then */
    statementId: varchar('statement_id', { length: 32 }),
    /** 1 待发货, 2 已发货, 3 已收货, 4 已取消 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    trackingNo: varchar('tracking_no', { length: 64 }),
    shipTime: timestamp('ship_time', { withTimezone: true }),
    receiveTime: timestamp('receive_time', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_material_order_no').on(t.orderNo),
    index('idx_yy_material_order_technician').on(t.technicianId, t.createTime),
    index('idx_yy_material_order_partner').on(t.partnerId),
    index('idx_yy_material_order_statement').on(t.payMethod, t.statementId),
    check('ck_yy_material_order_quantity', sql`${t.quantity} > 0`),
    check('ck_yy_material_order_amount', sql`${t.amount} >= 0 and ${t.price} >= 0`),
  ],
);

import { and, eq, sql } from 'drizzle-orm';
import {
  EXCEPTION_KIND,
  EXCEPTION_MSG,
  EXCEPTION_ORDER,
  EXCEPTION_RESOLUTION,
  EXCEPTION_STATUS_COUNTS,
} from '../../shared/resources/exception-order.ts';
import {
  sysUser,
  yyExceptionOrder,
  yyPartner,
  yyTechnician,
  yyUser,
  yyVisitOrder,
} from '../db/schema/index.ts';
import { ok } from '../lib/http/result.ts';
import { recordBreach } from '../orders/exceptions.ts';
import type { ServerResource, ServerTransition } from './types.ts';

const E = yyExceptionOrder;

/** a column of the exception's order (null when the order has none) */
const ofOrder = (select: ReturnType<typeof sql>) =>
  sql`(select ${select} from ${yyVisitOrder} o where o.id = ${E.orderId})`;

const transitions: Record<string, ServerTransition> = {
  claim: {
    set: ({ user }) => ({ handlerId: user.username }),
  },
  assignHandler: {
    async guard({ tx, row, params }) {
      const handler = String(params.handler).trim();
      const [found] = await tx
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.username, handler), eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
      if (!found) return EXCEPTION_MSG.handlerMissing;
      if (row.handlerId === handler) return EXCEPTION_MSG.sameHandler;
    },
    set: ({ params }) => ({ handlerId: String(params.handler).trim() }),
  },
  resolve: {
    set: ({ user, row, params, reason }) => ({
      resolution: params.resolution,
      note: reason ?? null,
      resolveTime: new Date(),
      handlerId: row.handlerId ?? user.username,
    }),
    // a late technician replaced (改派) is a no-show of that technician (爽约)
    async effects({ tx, row, params, reason, user }) {
      if (row.kind !== EXCEPTION_KIND.late || params.resolution !== EXCEPTION_RESOLUTION.reassign) return;
      const [order] = await tx
        .select({ technicianId: yyVisitOrder.technicianId, customerId: yyVisitOrder.customerId })
        .from(yyVisitOrder)
        .where(eq(yyVisitOrder.id, String(row.orderId)));
      if (!order?.technicianId) return;
      await recordBreach(tx, {
        orderId: String(row.orderId),
        kind: 'noShow',
        technicianId: order.technicianId,
        customerId: order.customerId,
        note: reason ?? null,
        by: user.username,
      });
    },
  },
};

/**
 * 异常订单: read-only list and export (an exception is opened by its order's transitions or the
 * flagging job, never by hand), its handling as declared transitions, the counts per state for
 * the tabs. Partner staff reach their partner's exceptions only (the order's partner, copied).
 */
export const exceptionOrderServer: ServerResource = {
  resource: EXCEPTION_ORDER,
  table: yyExceptionOrder,
  tenant: { column: 'tenantId' },
  partner: { column: 'partnerId' },
  computed: {
    orderNo: () => ofOrder(sql`o.order_no`),
    customerName: () => ofOrder(sql`(select u.nickname from ${yyUser} u where u.id = o.customer_id)`),
    technicianName: () => ofOrder(sql`(select t.name from ${yyTechnician} t where t.id = o.technician_id)`),
    partnerName: () => ofOrder(sql`(select p.name from ${yyPartner} p where p.id = o.partner_id)`),
    ageMinutes: () =>
      sql`(floor(extract(epoch from (coalesce(${E.resolveTime}, now()) - ${E.openTime})) / 60))::int`,
  },
  transitions,
  endpoints: [
    {
      contract: EXCEPTION_STATUS_COUNTS,
      async handler(req, access) {
        const { status: _status, ...query } = req.query;
        const reach = await access.reach(req);
        const where = access.gen.where(query, req.server.config.timezone, reach ? [reach] : []);
        const rows = await req.server.db
          .select({ status: E.status, count: sql<number>`count(*)::int` })
          .from(E)
          .where(where)
          .groupBy(E.status);
        return ok(Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])));
      },
    },
  ],
};

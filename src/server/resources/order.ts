import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { areaText } from '../../shared/area.ts';
import type { FastifyRequest } from 'fastify';
import { fromFen, toFen } from '../../shared/format.ts';
import {
  ORDER,
  ORDER_ADDRESS_PICKER,
  ORDER_CUSTOMER_PICKER,
  ORDER_EXTRA,
  ORDER_ITEM,
  ORDER_MSG,
  ORDER_PARTNER_PICKER,
  ORDER_PROJECT_PICKER,
  ORDER_QUOTE,
  ORDER_STATUS,
  ORDER_STATUS_COUNTS,
  ORDER_TECHNICIAN_PICKER,
  ORDER_TIMELINE,
  ORDER_UNPAID_OVERDUE,
} from '../../shared/resources/order.ts';
import { cancelFee } from '../../shared/resources/order-pricing.ts';
import { DISPATCH_MSG } from '../../shared/resources/dispatch.ts';
import type { TransitionPreview } from '../../shared/resources/transitions.ts';
import {
  sysUser,
  yyPartner,
  yyProject,
  yyUser,
  yyUserAddress,
  yyVisitOrder,
  yyVisitOrderExtra,
  yyVisitOrderItem,
} from '../db/schema/index.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { caller } from '../plugins/auth.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { oneParam, parseWith } from '../lib/http/validate.ts';
import { reserveTechnician, releaseTechnician } from '../orders/assignment.ts';
import { homeStatistics } from '../stats/home.ts';
import { HOMEPAGE_STATISTICS } from '../../shared/stats/home.ts';
import {
  candidatesOf,
  dispatchVisitOrder,
  orderSearch,
  type DispatchableOrder,
} from '../orders/order-dispatch.ts';
import { nextOrderNo } from '../orders/order-number.ts';
import { addMinutes, priceLines, quoteBooking, type BookingInput } from '../orders/pricing.ts';
import { recordRefund, settleRefunds, type RefundKind } from '../orders/refunds.ts';
import { settingValue } from '../orders/settings.ts';
import { openException, recordBreach, resolveException } from '../orders/exceptions.ts';
import {
  COMPLAINT_MAX_RATING,
  EXCEPTION_KIND,
  EXCEPTION_RESOLUTION,
} from '../../shared/resources/exception-order-states.ts';
import { statusCounts } from '../orders/status-counts.ts';
import { postCancelFee, postOrderCompletion, postOrderRefund } from '../money/ledger.ts';
import { customerServer } from './customer.ts';
import { pickableTechnicians } from './technician.ts';
import type { HistoryEntry } from './transitions.ts';
import type { ServerResource, ServerTransition, TransitionContext, WriteContext } from './types.ts';

type Row = Record<string, unknown> & { id: string };

/** 项目明细 / 加钟明细: written with the order only (its sub tables). */
export const orderItemServer: ServerResource = { resource: ORDER_ITEM, table: yyVisitOrderItem };
export const orderExtraServer: ServerResource = { resource: ORDER_EXTRA, table: yyVisitOrderExtra };

/** The states in which an order is still priced as booked (nothing paid, nobody assigned). */
const REPRICED: string[] = [ORDER_STATUS.unpaid];
/** The states in which 加钟 lines may still be added. */
const EXTRA_OPEN: string[] = [
  ORDER_STATUS.unpaid,
  ORDER_STATUS.pending,
  ORDER_STATUS.accepted,
  ORDER_STATUS.departed,
  ORDER_STATUS.arrived,
  ORDER_STATUS.serving,
];

const fen = (v: unknown) => toFen(v ?? '0') ?? 0;

/** Price the booking and write the server's values (snapshots, amounts, number) into the save. */
async function priceSave(ctx: WriteContext, tz: string): Promise<void> {
  const { data, original, children, tx } = ctx;
  const merged = { ...original, ...data } as Record<string, unknown>;
  const sentItems = children?.get('itemList');
  const sentExtras = children?.get('extraList');
  if (original && !REPRICED.includes(String(original.status))) {
    // once paid or assigned: only the remark and 加钟 change (the form sends the rest unchanged)
    const changing = Object.keys(data).filter(
      (k) => k !== 'remark' && !sameAsStored(k, data[k], original, tz),
    );
    if (changing.length || (sentItems && !(await sameLines(tx, yyVisitOrderItem, original.id, sentItems))))
      throw new BizError(ORDER_MSG.locked);
    for (const k of Object.keys(data)) if (k !== 'remark') delete data[k];
    children?.delete('itemList');
    if (!sentExtras || (await sameLines(tx, yyVisitOrderExtra, original.id, sentExtras))) {
      children?.delete('extraList');
      return;
    }
    if (!EXTRA_OPEN.includes(String(original.status))) throw new BizError(ORDER_MSG.lockedExtra);
    return addExtras(ctx, original, sentExtras as unknown as BookingInput['itemList'], tz);
  }
  const stored = async (table: typeof yyVisitOrderItem | typeof yyVisitOrderExtra) =>
    original
      ? await tx
          .select({ projectId: table.projectId, quantity: table.quantity })
          .from(table)
          .where(eq(table.orderId, original.id))
          .orderBy(asc(table.sortNo))
      : [];
  const input: BookingInput = {
    customerId: String(merged.customerId),
    addressId: (merged.addressId as string | null | undefined) ?? null,
    appointmentTime:
      original && !data.appointmentTime
        ? formatDateTime(original.appointmentTime as Date, tz)!
        : String(merged.appointmentTime),
    distance: String(merged.distance),
    discountAmount: (merged.discountAmount as string | null | undefined) ?? null,
    itemList: (sentItems as BookingInput['itemList'] | undefined) ?? (await stored(yyVisitOrderItem)),
    extraList: (sentExtras as BookingInput['extraList'] | undefined) ?? (await stored(yyVisitOrderExtra)),
  };
  if (!original || data.appointmentTime) {
    const now = formatDateTime(new Date(), tz)!;
    if (input.appointmentTime < now) throw new BizError(ORDER_MSG.pastAppointment);
  }
  const q = await quoteBooking(tx, input);
  const addressChanged = !original || data.addressId !== undefined || data.customerId !== undefined;
  Object.assign(data, {
    ...(addressChanged
      ? {
          addressId: q.address.addressId,
          contact: q.address.contact,
          mobile: q.address.mobile,
          areaCode: q.address.areaCode,
          detail: q.address.detail,
          location: q.address.location,
        }
      : {}),
    appointmentTime: input.appointmentTime,
    endTime: q.endTime,
    serviceMinutes: q.serviceMinutes,
    projectAmount: q.projectAmount,
    extraAmount: q.extraAmount,
    fareAmount: q.fareAmount,
    discountAmount: q.discountAmount,
    totalAmount: q.totalAmount,
  });
  // the sent lines become the priced snapshots (an edit rewrites the sub tables it sent)
  if (sentItems) children!.set('itemList', q.itemList as never);
  if (sentExtras) children!.set('extraList', q.extraList as never);
  if (!original) {
    data.status = ORDER_STATUS.unpaid;
    data.orderNo = await nextOrderNo(tx, new Date(), tz);
    data.travelMode ??= '1';
  }
}

const now = () => new Date();

/** Whether a sent value is the stored one (a datetime as wall-clock text, money and numbers by value). */
function sameAsStored(key: string, value: unknown, original: Row, tz: string): boolean {
  const stored = original[key];
  if (stored instanceof Date) return formatDateTime(stored, tz) === value;
  if (stored === null || stored === undefined) return value === null || value === undefined || value === '';
  if (typeof value === 'string' && toFen(value) !== undefined && toFen(stored) !== undefined)
    return toFen(value) === toFen(stored);
  return String(stored) === String(value);
}

/** Whether the sent lines are the stored ones (project and quantity, in order). */
async function sameLines(
  tx: WriteContext['tx'],
  table: typeof yyVisitOrderItem | typeof yyVisitOrderExtra,
  orderId: string,
  sent: ReadonlyArray<Record<string, unknown>>,
): Promise<boolean> {
  const stored = await tx
    .select({ projectId: table.projectId, quantity: table.quantity })
    .from(table)
    .where(eq(table.orderId, orderId))
    .orderBy(asc(table.sortNo));
  return (
    stored.length === sent.length &&
    stored.every((l, i) => l.projectId === sent[i]!.projectId && l.quantity === Number(sent[i]!.quantity))
  );
}

/**
 * 加钟 on a paid or assigned order: the 加钟 lines at today's prices, the other amounts as booked;
 * the longer service is reserved again with the technician (an overlap is refused). What the
 * customer pays for it is the total less what was paid.
 */
async function addExtras(
  ctx: WriteContext,
  original: Row,
  sent: BookingInput['itemList'],
  tz: string,
): Promise<void> {
  const { tx, data, children } = ctx;
  const extras = await priceLines(tx, sent);
  const [items] = await tx
    .select({
      minutes: sql<number>`coalesce(sum(${yyVisitOrderItem.duration} * ${yyVisitOrderItem.quantity}), 0)::int`,
    })
    .from(yyVisitOrderItem)
    .where(eq(yyVisitOrderItem.orderId, original.id));
  const extra = extras.reduce((n, l) => n + fen(l.amount), 0);
  const minutes = Number(items!.minutes) + extras.reduce((n, l) => n + l.duration * l.quantity, 0);
  const start = formatDateTime(original.appointmentTime as Date, tz)!;
  const total = fen(original.projectAmount) + extra + fen(original.fareAmount) - fen(original.discountAmount);
  Object.assign(data, {
    extraAmount: fromFen(extra),
    totalAmount: fromFen(total),
    serviceMinutes: minutes,
    endTime: addMinutes(start, minutes),
  });
  children!.set('extraList', extras as never);
  // the technician's booking grows with the service: released and booked longer, all or nothing
  if (original.technicianId)
    await reserveTechnician(tx, {
      orderId: original.id,
      technicianId: String(original.technicianId),
      appointment: original.appointmentTime as Date,
      minutes,
      areaCode: original.areaCode as string,
    });
}

/** The order as the dispatch module reads it. */
const dispatchable = (row: Row): DispatchableOrder => ({
  id: row.id,
  appointmentTime: row.appointmentTime as Date,
  serviceMinutes: Number(row.serviceMinutes),
  areaCode: String(row.areaCode),
  location: (row.location as DispatchableOrder['location']) ?? null,
});

/**
 * 派单 / 改派: the named technician (a candidate, or forced with a reason) or the best candidate,
 * booked and recorded (src/server/orders/order-dispatch.ts).
 */
const dispatchTo = async ({ tx, row, params, reason, user, app }: TransitionContext) => {
  await dispatchVisitOrder(tx, dispatchable(row), {
    technicianId: (params.technicianId as string | undefined) || null,
    force: params.force === true || params.force === 'true',
    reason: reason ?? null,
    by: user.username,
    timeZone: app.config.timezone,
  });
};

/** A dry run of 派单 / 改派: the candidates now and who would be chosen, nothing booked. */
const dispatchPreview = async ({ tx, row, params, app }: TransitionContext): Promise<TransitionPreview> => {
  const s = await orderSearch(tx, dispatchable(row));
  const candidates = await candidatesOf(tx, s, row.id, app.config.timezone);
  const named = (params.technicianId as string | undefined) || null;
  const chosen = named ? candidates.find((c) => c.id === named) : candidates[0];
  return {
    message: chosen
      ? ORDER_MSG.wouldDispatch(String(row.orderNo), chosen.name, candidates.length)
      : named
        ? DISPATCH_MSG.notCandidate
        : DISPATCH_MSG.noCandidate,
    columns: [
      { key: 'rank', title: '排名' },
      { key: 'chosen', title: '派给' },
      { key: 'name', title: '技师' },
      { key: 'distanceKm', title: '距离(公里)' },
      { key: 'rating', title: '评分' },
      { key: 'todayLoad', title: '当日单量' },
      { key: 'score', title: '得分' },
    ],
    rows: candidates.map((c, i) => ({ rank: i + 1, chosen: c.id === chosen?.id ? '✓' : '', ...c })),
  };
};

/** Record a refund of `amount` fen when there is one. */
const refund = async (ctx: TransitionContext, kind: RefundKind, amount: number) => {
  if (amount <= 0) return;
  await recordRefund(
    ctx.tx,
    { id: ctx.row.id, orderNo: String(ctx.row.orderNo) },
    kind,
    fromFen(amount),
    ctx.reason,
    ctx.user.username,
    ctx.app.payments.name,
  );
};

/** After the commit: the refunds recorded are asked of the provider. */
const settle: ServerTransition['afterCommit'] = ({ app, rows }) =>
  settleRefunds(
    app,
    rows.map((r) => r.id),
  );

const transitions: Record<string, ServerTransition> = {
  pay: {
    set: ({ row, params }) => ({
      payMethod: params.payMethod,
      payReference: params.payReference ?? null,
      paidAmount: row.totalAmount,
      payTime: now(),
    }),
  },
  closeUnpaid: {
    async guard({ tx, row }) {
      const minutes = Number(await settingValue(tx, 'order.unpaidCloseMinutes'));
      const created = (row.createTime as Date | null)?.getTime() ?? 0;
      if (Date.now() - created < minutes * 60_000) return ORDER_MSG.notOverdue(minutes);
    },
    effects: ({ tx, row }) => releaseTechnician(tx, row.id),
  },
  assign: {
    guard: ({ row }) => (row.technicianId ? ORDER_MSG.alreadyAssigned : undefined),
    effects: dispatchTo,
    preview: dispatchPreview,
  },
  reassign: {
    guard: ({ row, params }) =>
      !row.technicianId
        ? ORDER_MSG.notAssigned
        : row.technicianId === params.technicianId
          ? ORDER_MSG.sameTechnician
          : undefined,
    // a new technician accepts again
    set: () => ({ acceptTime: null }),
    // the order's booking is released inside, all or nothing with the new one
    effects: dispatchTo,
    preview: dispatchPreview,
  },
  accept: {
    guard: ({ row }) => (row.technicianId ? undefined : ORDER_MSG.notAssigned),
    set: () => ({ acceptTime: now() }),
  },
  finish: {
    set: () => ({ finishTime: now() }),
    // the order's money is posted to 资金流水 in the same transaction (rule and ratios of now)
    effects: ({ tx, row, user, app }) =>
      postOrderCompletion(tx, row.id, { at: now(), tz: app.config.timezone, by: user.username }).then(
        () => undefined,
      ),
  },
  review: {
    set: ({ params }) => ({ rating: Number(params.rating) }),
    // a low review is a complaint for an operator (异常订单)
    async effects({ tx, row, params, reason, user }) {
      const rating = Number(params.rating);
      if (rating > COMPLAINT_MAX_RATING) return;
      await openException(tx, {
        orderId: row.id,
        kind: EXCEPTION_KIND.complaint,
        reason: `客户评价${rating}星${reason ? `：${reason}` : ''}`,
        by: user.username,
      });
    },
  },
  cancel: {
    async effects(ctx) {
      await releaseTechnician(ctx.tx, ctx.row.id);
      await refund(ctx, 'cancel', fen(ctx.row.paidAmount) - fen(ctx.row.refundAmount));
    },
    afterCommit: settle,
  },
  requestCancel: {
    async effects({ tx, row, from, reason, user }) {
      const free = Number(await settingValue(tx, 'order.freeCancelMinutes'));
      const rate = await settingValue(tx, 'order.lateCancelFeeRate');
      const fee = cancelFee(
        String(row.paidAmount),
        (row.acceptTime as Date | null) ?? null,
        now(),
        free,
        rate,
      );
      await tx
        .update(yyVisitOrder)
        .set({ cancelFrom: from, cancelFee: fee })
        .where(eq(yyVisitOrder.id, row.id));
      await openException(tx, {
        orderId: row.id,
        kind: EXCEPTION_KIND.cancelPending,
        reason: `客户申请取消：${reason ?? ''}`,
        by: user.username,
      });
    },
  },
  approveCancel: {
    async effects(ctx) {
      await releaseTechnician(ctx.tx, ctx.row.id);
      const due = fen(ctx.row.paidAmount) - fen(ctx.row.refundAmount) - fen(ctx.row.cancelFee);
      await refund(ctx, 'cancel', due);
      // the fee kept is the platform's: the payment, its refund and the fee in 资金流水
      await postCancelFee(
        ctx.tx,
        ctx.row.id,
        fen(ctx.row.paidAmount) - fen(ctx.row.refundAmount) - Math.max(due, 0),
        {
          by: ctx.user.username,
        },
      );
      await resolveException(ctx.tx, {
        orderId: ctx.row.id,
        kind: EXCEPTION_KIND.cancelPending,
        resolution: due > 0 ? EXCEPTION_RESOLUTION.refund : EXCEPTION_RESOLUTION.none,
        note: `同意取消${ctx.reason ? `：${ctx.reason}` : ''}`,
        by: ctx.user.username,
      });
      // a late cancellation charged a fee: a breach (违约) of the customer
      if (fen(ctx.row.cancelFee) > 0)
        await recordBreach(ctx.tx, {
          orderId: ctx.row.id,
          kind: 'lateCancel',
          customerId: String(ctx.row.customerId),
          technicianId: (ctx.row.technicianId as string | null) ?? null,
          fee: String(ctx.row.cancelFee),
          note: ctx.reason ?? null,
          by: ctx.user.username,
        });
    },
    afterCommit: settle,
  },
  rejectCancel: {
    target: ({ row }) => String(row.cancelFrom ?? ORDER_STATUS.accepted),
    set: () => ({ cancelFrom: null, cancelFee: null }),
    effects: ({ tx, row, reason, user }) =>
      resolveException(tx, {
        orderId: row.id,
        kind: EXCEPTION_KIND.cancelPending,
        resolution: EXCEPTION_RESOLUTION.none,
        note: `驳回取消：${reason ?? ''}`,
        by: user.username,
      }),
  },
  afterSale: {
    effects: ({ tx, row, reason, user }) =>
      openException(tx, {
        orderId: row.id,
        kind: EXCEPTION_KIND.refund,
        reason: `客户申请售后：${reason ?? ''}`,
        by: user.username,
      }).then(() => undefined),
  },
  finishAfterSale: {
    guard({ row, params }) {
      const wanted = fen(params.refundAmount);
      const left = fen(row.paidAmount) - fen(row.refundAmount);
      if (wanted < 0) return ORDER_MSG.refundNegative;
      if (wanted > left) return ORDER_MSG.refundTooLarge(fromFen(left));
    },
    async effects(ctx) {
      const amount = fen(ctx.params.refundAmount);
      await refund(ctx, 'afterSale', amount);
      // reversals in 资金流水: claw-back at the rates posted, or borne by the platform
      await postOrderRefund(ctx.tx, ctx.row.id, 'afterSale', amount, {
        tz: ctx.app.config.timezone,
        by: ctx.user.username,
        reason: ctx.reason ?? null,
      });
      await resolveException(ctx.tx, {
        orderId: ctx.row.id,
        kind: EXCEPTION_KIND.refund,
        resolution: amount > 0 ? EXCEPTION_RESOLUTION.refund : EXCEPTION_RESOLUTION.none,
        note: `售后结束，退款 ${fromFen(amount)} 元${ctx.reason ? `：${ctx.reason}` : ''}`,
        by: ctx.user.username,
      });
    },
    afterCommit: settle,
  },
};

/** The body of a quote: the add's values. */
const quoteInput = (req: FastifyRequest) => {
  const data = parseWith(ORDER.addSchema, req.body) as Record<string, unknown>;
  return data as unknown as BookingInput;
};

/** A timeline entry: the booking, then every state change, oldest first. */
interface TimelineEntry {
  time: string | null;
  action: string;
  change: string;
  reason: string | null;
  by: string | null;
  byName: string | null;
}

/**
 * 上门订单: the generated family (add and edit priced on the server; no delete: an order is
 * cancelled or closed), its declared life, the price preview, the timeline, the counts per state
 * for the tabs and the booking form's pickers. Partner staff reach their partner's orders only.
 */
export const orderServer: ServerResource = {
  resource: ORDER,
  table: yyVisitOrder,
  tenant: { column: 'tenantId' },
  partner: { column: 'partnerId' },
  children: [
    { key: 'itemList', server: orderItemServer, parentKey: 'orderId', sortKey: 'sortNo' },
    { key: 'extraList', server: orderExtraServer, parentKey: 'orderId', sortKey: 'sortNo' },
  ],
  hooks: {
    beforeSave: (ctx) => priceSave(ctx, ctx.tz ?? 'Asia/Shanghai'),
  },
  transitions,
  endpoints: [
    // 首页 / 分析页's figures (src/server/stats/home.ts), under the list's code and reach
    { contract: HOMEPAGE_STATISTICS, handler: async (req) => ok(await homeStatistics(req, orderServer)) },
    {
      contract: ORDER_QUOTE,
      async handler(req) {
        const input = quoteInput(req);
        // a customer of another tenant is not there for this caller
        const [reached] = await req.server.db
          .select({ id: yyUser.id })
          .from(yyUser)
          .where(and(eq(yyUser.id, input.customerId), await rowReach(req, customerServer)));
        if (!reached) throw new BizError(ORDER_MSG.customerMissing);
        return ok(await quoteBooking(req.server.db, input));
      },
    },
    {
      contract: ORDER_TIMELINE,
      async handler(req, access) {
        const id = oneParam(req.query, 'id');
        const order = id ? await access.find(req, id) : undefined;
        if (!order) throw new BizError(ORDER_MSG.notFound);
        const history = ((await access.history(req, order.id)) as HistoryEntry[]).reverse();
        const who = [
          ...new Set([order.createBy, ...history.map((h) => h.changedBy)].filter(Boolean)),
        ] as string[];
        const names = who.length
          ? await req.server.db
              .select({ username: sysUser.username, realname: sysUser.realname })
              .from(sysUser)
              .where(inArray(sysUser.username, who))
          : [];
        const nameOf = (u: unknown) => names.find((n) => n.username === u)?.realname ?? (u as string | null);
        const tz = req.server.config.timezone;
        const entries: TimelineEntry[] = [
          {
            time: formatDateTime(order.createTime as Date, tz),
            action: '下单',
            change: '→ 待支付',
            reason: null,
            by: (order.createBy as string | null) ?? null,
            byName: nameOf(order.createBy),
          },
          ...history.map((h) => ({
            time: h.changedAt,
            action: h.actionText,
            change: `${h.fromText} → ${h.toText}`,
            reason: h.reason,
            by: h.changedBy,
            byName: nameOf(h.changedBy),
          })),
        ];
        return ok(entries);
      },
    },
    {
      contract: ORDER_STATUS_COUNTS,
      // the maintained per-state counts when the caller's reach allows, else a GROUP BY
      handler: async (req, access) => ok((await statusCounts(req, orderServer, access)).counts),
    },
    {
      contract: ORDER_ADDRESS_PICKER,
      async handler(req) {
        const customerId = oneParam(req.query as Record<string, unknown>, 'customerId');
        if (!customerId) return ok([]);
        const rows = await req.server.db
          .select({
            id: yyUserAddress.id,
            contact: yyUserAddress.contact,
            mobile: yyUserAddress.mobile,
            areaCode: yyUserAddress.areaCode,
            detail: yyUserAddress.detail,
            isDefault: yyUserAddress.isDefault,
          })
          .from(yyUserAddress)
          .innerJoin(yyUser, eq(yyUser.id, yyUserAddress.userId))
          .where(and(eq(yyUserAddress.userId, customerId), await rowReach(req, customerServer)))
          .orderBy(desc(yyUserAddress.isDefault), asc(yyUserAddress.sortNo));
        // one line a person can tell apart: contact, mobile, area and detail
        return ok(
          rows.map((a) => ({
            id: a.id,
            detail: `${a.contact} ${a.mobile} ${areaText(a.areaCode)}${a.detail}${a.isDefault ? '（默认）' : ''}`,
            isDefault: a.isDefault === true,
          })),
        );
      },
    },
    {
      contract: ORDER_CUSTOMER_PICKER,
      async handler(req) {
        const rows = await req.server.db
          .select({ id: yyUser.id, nickname: yyUser.nickname, mobile: yyUser.mobile })
          .from(yyUser)
          .where(and(eq(yyUser.blacklisted, false), await rowReach(req, customerServer)))
          .orderBy(asc(yyUser.nickname));
        return ok(rows);
      },
    },
    {
      contract: ORDER_PARTNER_PICKER,
      async handler(req) {
        // a partner's staff: their own partner only
        const own = caller(req).user.partnerId;
        const rows = await req.server.db
          .select({ id: yyPartner.id, name: yyPartner.name })
          .from(yyPartner)
          .where(own ? eq(yyPartner.id, own) : undefined)
          .orderBy(asc(yyPartner.name));
        return ok(rows);
      },
    },
    {
      contract: ORDER_PROJECT_PICKER,
      async handler(req) {
        const rows = await req.server.db
          .select({ id: yyProject.id, name: yyProject.name })
          .from(yyProject)
          .where(eq(yyProject.status, '1'))
          .orderBy(asc(yyProject.sort));
        return ok(rows);
      },
    },
    {
      contract: ORDER_TECHNICIAN_PICKER,
      async handler(req) {
        return ok(await pickableTechnicians(req));
      },
    },
    {
      contract: ORDER_UNPAID_OVERDUE,
      async handler(req, access) {
        const given = oneParam(req.query, 'olderMinutes');
        const minutes = given
          ? Number(given)
          : Number(await settingValue(req.server.db, 'order.unpaidCloseMinutes'));
        if (!Number.isInteger(minutes) || minutes < 0 || minutes > 525_600)
          throw new BizError('olderMinutes 应为 0 到 525600 的整数');
        const reach = await access.reach(req);
        const rows = await req.server.db
          .select({
            id: yyVisitOrder.id,
            orderNo: yyVisitOrder.orderNo,
            totalAmount: yyVisitOrder.totalAmount,
            ageMinutes: sql<number>`floor(extract(epoch from (now() - ${yyVisitOrder.createTime})) / 60)::int`,
          })
          .from(yyVisitOrder)
          .where(
            and(
              eq(yyVisitOrder.status, ORDER_STATUS.unpaid),
              sql`${yyVisitOrder.createTime} < now() - make_interval(mins => ${minutes})`,
              reach,
            ),
          )
          .orderBy(asc(yyVisitOrder.createTime));
        return ok(rows);
      },
    },
  ],
};

export type { Row };

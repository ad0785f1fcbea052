import { eq } from 'drizzle-orm';
import { fromFen, toFen } from '../../shared/format.ts';
import {
  WITHDRAW,
  WITHDRAW_MSG,
  WITHDRAW_STATUS,
  WITHDRAW_TECHNICIAN_PICKER,
} from '../../shared/resources/withdraw.ts';
import { yyTechnician, yyWithdraw } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { userTenantIds } from '../lib/access/tenant-scope.ts';
import { settingValue } from '../orders/settings.ts';
import {
  availableFen,
  postWithdrawHold,
  postWithdrawPayout,
  postWithdrawReturn,
  technicianPartner,
  walletNo,
  type Movement,
} from '../money/wallet.ts';
import { pickableTechnicians } from './technician.ts';
import type { ServerResource, ServerTransition, TransitionContext } from './types.ts';

/** 平台配置: the least a technician may withdraw at once. */
export const MIN_WITHDRAW = 'technician.minWithdraw';

const movementOf = (row: Record<string, unknown>, by: string): Movement => ({
  id: String(row.id),
  no: String(row.withdrawNo),
  technicianId: String(row.technicianId),
  partnerId: (row.partnerId as string | null) ?? null,
  fen: toFen(row.amount) ?? 0,
  by,
});

const audited = ({ user }: TransitionContext) => ({ auditBy: user.username, auditTime: new Date() });

const transitions: Record<string, ServerTransition> = {
  approve: {
    set: audited,
    async preview({ tx, row }) {
      const [t] = await tx
        .select({ name: yyTechnician.name })
        .from(yyTechnician)
        .where(eq(yyTechnician.id, String(row.technicianId)));
      return {
        message: `演练：将审核通过提现 ${String(row.withdrawNo)}（未执行）`,
        columns: [
          { key: 'withdrawNo', title: '提现单号' },
          { key: 'technician', title: '技师' },
          { key: 'amount', title: '提现金额(元)' },
          { key: 'balance', title: '当前可用余额(元)' },
        ],
        rows: [
          {
            withdrawNo: row.withdrawNo,
            technician: t?.name ?? row.technicianId,
            amount: row.amount,
            balance: fromFen(await availableFen(tx, String(row.technicianId))),
          },
        ],
      };
    },
  },
  reject: {
    set: (ctx) => ({ ...audited(ctx), rejectReason: ctx.reason ?? null }),
    async effects({ tx, row, user, reason }) {
      await postWithdrawReturn(tx, movementOf(row, user.username), reason);
    },
  },
  pay: {
    set: ({ params }) => ({ payReference: String(params.payReference).trim(), payTime: new Date() }),
    async effects({ tx, row, user, params }) {
      await postWithdrawPayout(tx, movementOf(row, user.username), String(params.payReference).trim());
    },
  },
};

/**
 * 提现: a request is checked against 技师最低提现金额 and the technician's available balance (its
 * balance row locked for the rest of the transaction, so concurrent requests are decided one after
 * the other) and holds the amount in 资金流水 in the same transaction; review, rejection and
 * payment are declared transitions posting their entries. Partner staff reach their partner's
 * technicians' withdrawals only.
 */
export const withdrawServer: ServerResource = {
  resource: WITHDRAW,
  table: yyWithdraw,
  partner: { column: 'partnerId' },
  hooks: {
    async beforeSave({ tx, data, op, tz, user }) {
      if (op !== 'add') return;
      const fen = toFen(data.amount);
      if (fen === undefined || fen <= 0) throw new BizError(WITHDRAW_MSG.amount);
      const min = await settingValue(tx, MIN_WITHDRAW);
      if (fen < (toFen(min) ?? 0)) throw new BizError(WITHDRAW_MSG.belowMin(fromFen(toFen(min) ?? 0)));
      const technicianId = String(data.technicianId);
      const partnerId = await technicianPartner(tx, technicianId);
      // partner staff act for their partner's technicians only (those they list)
      if (user.partnerId && partnerId !== user.partnerId) throw new BizError(WITHDRAW_MSG.technicianMissing);
      const available = await availableFen(tx, technicianId);
      if (fen > available) throw new BizError(WITHDRAW_MSG.overBalance(fromFen(Math.max(available, 0))));
      Object.assign(data, {
        status: WITHDRAW_STATUS.pending,
        withdrawNo: walletNo('TX', new Date(), tz ?? 'Asia/Shanghai'),
        partnerId,
      });
    },
    async afterSave({ tx, id, data, user }) {
      await postWithdrawHold(tx, {
        ...movementOf({ ...data, id }, user.username),
        tenantId: userTenantIds(user)[0] ?? null,
      });
    },
  },
  transitions,
  endpoints: [
    {
      contract: WITHDRAW_TECHNICIAN_PICKER,
      async handler(req) {
        return ok(await pickableTechnicians(req));
      },
    },
  ],
};

import { and, eq } from 'drizzle-orm';
import {
  PARTNER,
  PARTNER_MSG,
  PARTNER_PICKER,
  PARTNER_STATUS,
  PARTNER_STATUS_LOG,
} from '../../shared/resources/partner.ts';
import { yyPartner, yyTechnician } from '../db/schema/index.ts';
import { partnerStopPreview, stopPartner } from '../orders/partner-stop.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { oneParam } from '../lib/http/validate.ts';
import type { HistoryEntry } from './transitions.ts';
import type { ServerResource } from './register.ts';

/** Every declared action writes its reason as the partner's 状态说明. */
const withReason = {
  set: ({ reason }: { reason: string | undefined }) => ({ statusReason: reason ?? null }),
};

/**
 * 商户档案: the generated family (status is the server's: a new partner is 待审核), its declared
 * state changes (approve, reject, resubmit, disable, enable and updateStatus by value; each change
 * in the generic history), the active partners for pickers, and the status history under its kept
 * wire path. Technicians may reference active partners only; a partner with technicians is not
 * deleted. 停用 takes its technicians offline and its unaccepted orders back to dispatch in the
 * same transaction (orders/partner-stop.ts); 启用 brings nobody back online.
 */
export const partnerServer: ServerResource = {
  resource: PARTNER,
  table: yyPartner,
  pickable: () => eq(yyPartner.status, PARTNER_STATUS.active),
  hooks: {
    async beforeDelete({ db, ids }) {
      for (const id of ids) {
        const [used] = await db
          .select({ id: yyTechnician.id })
          .from(yyTechnician)
          .where(eq(yyTechnician.partnerId, id))
          .limit(1);
        if (used) throw new BizError(PARTNER_MSG.hasTechnicians);
      }
    },
  },
  transitions: {
    approve: withReason,
    reject: withReason,
    resubmit: withReason,
    disable: {
      ...withReason,
      // its technicians offline, its unaccepted orders back to dispatch (orders/partner-stop.ts)
      preview: ({ tx, row }) => partnerStopPreview(tx, String(row.id)),
      async effects({ tx, row, user }) {
        await stopPartner(tx, {
          partnerId: String(row.id),
          partnerName: String(row.name),
          by: user.username,
        });
      },
    },
    enable: withReason,
  },
  endpoints: [
    {
      contract: PARTNER_PICKER,
      async handler(req, access) {
        const rows = await req.server.db
          .select({ id: yyPartner.id, name: yyPartner.name, area: yyPartner.area })
          .from(yyPartner)
          .where(and(eq(yyPartner.status, PARTNER_STATUS.active), await access.reach(req)))
          .orderBy(yyPartner.name);
        return ok(rows);
      },
    },
    {
      // the generic history in the shape of the former partner status log
      contract: PARTNER_STATUS_LOG,
      async handler(req, access) {
        const id = oneParam(req.query, 'id');
        const rows = (await access.history(req, id)) as HistoryEntry[];
        return ok(
          rows.map((r) => ({
            id: r.id,
            partnerId: id,
            fromStatus: r.fromState,
            toStatus: r.toState,
            reason: r.reason,
            changedBy: r.changedBy,
            changedAt: r.changedAt,
          })),
        );
      },
    },
  ],
};

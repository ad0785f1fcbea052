import { and, desc, eq } from 'drizzle-orm';
import { rowReach } from '../lib/row-scope.ts';
import {
  PARTNER,
  PARTNER_MSG,
  PARTNER_PICKER,
  PARTNER_STATUS,
  PARTNER_STATUS_LOG,
  PARTNER_UPDATE_STATUS,
  partnerStatusBody,
  statusChangeError,
} from '../../shared/resources/partner.ts';
import { yyPartner, yyPartnerStatusLog, yyTechnician } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { BizError, ok, okMessage } from '../lib/result.ts';
import { formatDateTime } from '../lib/time.ts';
import { oneParam, parseWith } from '../lib/validate.ts';
import { caller } from '../plugins/auth.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * 商户档案: the generated family (status is the server's: a new partner is 待审核), plus
 * updateStatus along the allowed transitions (logged in the same transaction), the active
 * partners for pickers, and a partner's status history. Technicians may reference active
 * partners only; a partner with technicians is not deleted.
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
  routes(app) {
    app.put(
      PARTNER_UPDATE_STATUS.path,
      { config: { perm: PARTNER_UPDATE_STATUS.permission } },
      async (req) => {
        const { id, status, reason } = parseWith(partnerStatusBody, req.body);
        const by = caller(req).user.username;
        // a partner out of the caller's reach (data rules) is not there for them
        const reach = await rowReach(req, partnerServer);
        await app.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ status: yyPartner.status })
            .from(yyPartner)
            .where(and(eq(yyPartner.id, id), reach))
            .for('update');
          if (!row) throw new BizError(PARTNER_MSG.notFound);
          const refused = statusChangeError(row.status, status, reason);
          if (refused) throw new BizError(refused);
          await tx
            .update(yyPartner)
            .set({ status, statusReason: reason || null, updateBy: by, updateTime: new Date() })
            .where(and(eq(yyPartner.id, id), eq(yyPartner.status, row.status)));
          await tx.insert(yyPartnerStatusLog).values({
            id: newId(),
            partnerId: id,
            fromStatus: row.status,
            toStatus: status,
            reason: reason || null,
            changedBy: by,
          });
        });
        return okMessage(PARTNER_MSG.statusChanged(status));
      },
    );

    app.get(PARTNER_PICKER.path, { config: { perm: PARTNER_PICKER.permission } }, async () => {
      const rows = await app.db
        .select({ id: yyPartner.id, name: yyPartner.name, area: yyPartner.area })
        .from(yyPartner)
        .where(eq(yyPartner.status, PARTNER_STATUS.active))
        .orderBy(yyPartner.name);
      return ok(rows);
    });

    app.get<{ Querystring: Q }>(
      PARTNER_STATUS_LOG.path,
      { config: { perm: PARTNER_STATUS_LOG.permission } },
      async (req) => {
        const id = oneParam(req.query, 'id');
        if (!id) throw new BizError(PARTNER_MSG.notFound);
        const rows = await app.db
          .select()
          .from(yyPartnerStatusLog)
          .where(eq(yyPartnerStatusLog.partnerId, id))
          .orderBy(desc(yyPartnerStatusLog.changedAt));
        return ok(rows.map((r) => ({ ...r, changedAt: formatDateTime(r.changedAt, app.config.timezone) })));
      },
    );
  },
};

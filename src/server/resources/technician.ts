import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PARTNER_STATUS } from '../../shared/resources/partner.ts';
import {
  TECHNICIAN,
  TECHNICIAN_MAP,
  TECHNICIAN_ON_DUTY,
  type OnDutyTechnician,
  TECHNICIAN_MSG,
  WORK_STATUS,
} from '../../shared/resources/technician.ts';
import { yyBreachRecord, yyPartner, yyTechnician, yyTechnicianService } from '../db/schema/index.ts';
import type { FastifyRequest } from 'fastify';
import { rowReach } from '../lib/access/row-scope.ts';
import { BizError, ok } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

/**
 * 技师: the generated family (work status and rating are the server's), its declared work-status
 * changes (one or many, all or nothing; updateStatus by value) and getTechMap for pickers (stopped
 * technicians left out; services may reference only those). A technician who offers projects is
 * not deleted (stop them instead).
 */
export const technicianServer: ServerResource = {
  resource: TECHNICIAN,
  table: yyTechnician,
  // a partner's staff see their partner's technicians only
  partner: { column: 'partnerId' },
  pickable: () => ne(yyTechnician.workStatus, WORK_STATUS.disabled),
  computed: {
    // 爽约次数: no-shows (yy_breach_record)
    noShowCount: () =>
      sql`select count(*)::int from ${yyBreachRecord} where ${yyBreachRecord.technicianId} = ${yyTechnician.id} and ${yyBreachRecord.kind} = 'noShow'`,
  },
  transitions: {
    // a stopped partner's technicians stay offline (the row is locked: a 停用 running meanwhile
    // either waits for this and then takes her offline, or has committed and is read here)
    online: {
      async guard({ tx, row }) {
        if (!row.partnerId) return undefined;
        const [partner] = await tx
          .select({ status: yyPartner.status })
          .from(yyPartner)
          .where(eq(yyPartner.id, String(row.partnerId)));
        return partner && partner.status !== PARTNER_STATUS.active
          ? TECHNICIAN_MSG.partnerStopped
          : undefined;
      },
    },
  },
  hooks: {
    async beforeDelete({ db, ids }) {
      const [used] = await db
        .select({ id: yyTechnicianService.id })
        .from(yyTechnicianService)
        .where(inArray(yyTechnicianService.technicianId, ids))
        .limit(1);
      if (used) throw new BizError(TECHNICIAN_MSG.hasServices);
    },
  },
  endpoints: [
    {
      contract: TECHNICIAN_MAP,
      async handler(req, access) {
        const rows = await req.server.db
          .select({ id: yyTechnician.id, name: yyTechnician.name })
          .from(yyTechnician)
          .where(and(ne(yyTechnician.workStatus, WORK_STATUS.disabled), await access.reach(req)))
          .orderBy(asc(yyTechnician.name));
        return ok(Object.fromEntries(rows.map((r) => [r.id, r.name])));
      },
    },
    {
      contract: TECHNICIAN_ON_DUTY,
      async handler(req, access) {
        const rows = await req.server.db
          .select({
            id: yyTechnician.id,
            name: yyTechnician.name,
            workStatus: yyTechnician.workStatus,
            location: yyTechnician.location,
          })
          .from(yyTechnician)
          .where(
            and(
              inArray(yyTechnician.workStatus, [WORK_STATUS.online, WORK_STATUS.busy]),
              await access.reach(req),
            ),
          )
          .orderBy(asc(yyTechnician.name), asc(yyTechnician.id));
        const out: OnDutyTechnician[] = rows.map((r) => ({
          id: r.id,
          name: r.name,
          workStatus: r.workStatus,
          lng: r.location ? r.location.x : null,
          lat: r.location ? r.location.y : null,
        }));
        return ok(out);
      },
    },
  ],
};

/**
 * The technicians a picker offers the caller (another screen's: 上门订单, 技师提成): not stopped,
 * within the caller's reach of 技师列表, by name.
 */
export async function pickableTechnicians(req: FastifyRequest): Promise<Array<{ id: string; name: string }>> {
  return req.server.db
    .select({ id: yyTechnician.id, name: yyTechnician.name })
    .from(yyTechnician)
    .where(and(technicianServer.pickable?.(), await rowReach(req, technicianServer)))
    .orderBy(asc(yyTechnician.name));
}

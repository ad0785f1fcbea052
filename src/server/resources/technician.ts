import { and, asc, inArray, ne } from 'drizzle-orm';
import { rowReach } from '../lib/row-scope.ts';
import {
  TECHNICIAN,
  TECHNICIAN_MAP,
  TECHNICIAN_MSG,
  TECHNICIAN_UPDATE_STATUS,
  WORK_STATUS,
  technicianStatusBody,
} from '../../shared/resources/technician.ts';
import { yyTechnician, yyTechnicianService } from '../db/schema/index.ts';
import { BizError, ok, okMessage } from '../lib/result.ts';
import { parseWith } from '../lib/validate.ts';
import { caller } from '../plugins/auth.ts';
import type { ServerResource } from './register.ts';

/**
 * 技师: the generated family (work status and rating are the server's), plus updateStatus for one
 * or many (all or nothing: every id must name a technician) and getTechMap for pickers (stopped
 * technicians left out; services may reference only those). A technician who offers projects is
 * not deleted (stop them instead).
 */
export const technicianServer: ServerResource = {
  resource: TECHNICIAN,
  table: yyTechnician,
  pickable: () => ne(yyTechnician.workStatus, WORK_STATUS.disabled),
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
  routes(app) {
    app.put(
      TECHNICIAN_UPDATE_STATUS.path,
      { config: { perm: TECHNICIAN_UPDATE_STATUS.permission } },
      async (req) => {
        const { ids, workStatus } = parseWith(technicianStatusBody, req.body);
        const by = caller(req).user.username;
        // technicians out of the caller's reach (data rules) are not there for them
        const reach = await rowReach(req, technicianServer);
        await app.db.transaction(async (tx) => {
          const rows = await tx
            .update(yyTechnician)
            .set({ workStatus, updateBy: by, updateTime: new Date() })
            .where(and(inArray(yyTechnician.id, ids), reach))
            .returning({ id: yyTechnician.id });
          if (rows.length !== ids.length) throw new BizError(TECHNICIAN_MSG.notFound);
        });
        return okMessage(TECHNICIAN_MSG.statusChanged(ids.length, workStatus));
      },
    );

    app.get(TECHNICIAN_MAP.path, { config: { perm: TECHNICIAN_MAP.permission } }, async () => {
      const rows = await app.db
        .select({ id: yyTechnician.id, name: yyTechnician.name })
        .from(yyTechnician)
        .where(ne(yyTechnician.workStatus, WORK_STATUS.disabled))
        .orderBy(asc(yyTechnician.name));
      return ok(Object.fromEntries(rows.map((r) => [r.id, r.name])));
    });
  },
};

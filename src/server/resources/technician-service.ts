import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  TECH_SERVICE,
  TECH_SERVICE_ADD_BATCH,
  TECH_SERVICE_MSG,
  addServicesBody,
} from '../../shared/resources/technician-service.ts';
import { yyProject, yyTechnician, yyTechnicianService } from '../db/schema/index.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError, okMessage } from '../lib/http/result.ts';
import { parseWith } from '../lib/http/validate.ts';
import { caller } from '../plugins/auth.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import type { ServerResource } from './register.ts';
import { technicianServer } from './technician.ts';

/**
 * 技师服务: the generated family (a technician offers a project once; an own price is never
 * negative), plus addBatch opening several projects for one technician in one transaction (those
 * already open are skipped and counted).
 */
export const techServiceServer: ServerResource = {
  resource: TECH_SERVICE,
  table: yyTechnicianService,
  hooks: {
    async beforeSave({ db, data, original }) {
      if (typeof data.price === 'string' && data.price.startsWith('-'))
        throw new BizError(TECH_SERVICE_MSG.negative);
      if (data.enabled === null) data.enabled = true;
      const merged = { ...original, ...data } as Record<string, unknown>;
      const [taken] = await db
        .select({ id: yyTechnicianService.id })
        .from(yyTechnicianService)
        .where(
          and(
            eq(yyTechnicianService.technicianId, String(merged.technicianId)),
            eq(yyTechnicianService.projectId, String(merged.projectId)),
            original ? ne(yyTechnicianService.id, String(original.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw new BizError(TECH_SERVICE_MSG.taken);
    },
  },
  endpoints: [
    {
      contract: TECH_SERVICE_ADD_BATCH,
      async handler(req) {
        const app = req.server;
        const { technicianId, projectIds } = parseWith(addServicesBody, req.body);
        const by = caller(req).user.username;
        // the technician as the caller reaches it (tenant, the data rules of 技师列表): one hidden
        // from them is as missing; read before the transaction (PGlite has one connection)
        const techReach = await rowReach(req, technicianServer);
        const result = await app.db.transaction(async (tx) => {
          const [tech] = await tx
            .select({ id: yyTechnician.id })
            .from(yyTechnician)
            .where(
              and(
                eq(yyTechnician.id, technicianId),
                ne(yyTechnician.workStatus, WORK_STATUS.disabled),
                technicianServer.scope?.(),
                techReach,
              ),
            )
            .limit(1);
          if (!tech) throw new BizError(TECH_SERVICE_MSG.technicianInvalid);
          const projects = await tx
            .select({ id: yyProject.id })
            .from(yyProject)
            .where(and(inArray(yyProject.id, projectIds), eq(yyProject.status, '1')));
          if (projects.length !== projectIds.length) throw new BizError(TECH_SERVICE_MSG.projectInvalid);
          const open = await tx
            .select({ projectId: yyTechnicianService.projectId })
            .from(yyTechnicianService)
            .where(
              and(
                eq(yyTechnicianService.technicianId, technicianId),
                inArray(yyTechnicianService.projectId, projectIds),
              ),
            );
          const skip = new Set(open.map((o) => o.projectId));
          const fresh = projectIds.filter((id) => !skip.has(id));
          if (fresh.length)
            await tx
              .insert(yyTechnicianService)
              .values(
                fresh.map((projectId) => ({
                  id: newId(),
                  technicianId,
                  projectId,
                  enabled: true,
                  createBy: by,
                })),
              )
              .onConflictDoNothing();
          return { added: fresh.length, skipped: skip.size };
        });
        return okMessage(TECH_SERVICE_MSG.added(result.added, result.skipped));
      },
    },
  ],
};

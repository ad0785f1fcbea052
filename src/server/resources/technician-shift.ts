import { and, asc, eq, ne } from 'drizzle-orm';
import {
  SHIFT_MSG,
  TECH_SHIFT,
  TECH_SHIFT_EXCEPTION,
  TECH_SHIFT_SAVE_WEEK,
  saveWeekBody,
  weekProblem,
} from '../../shared/resources/technician-shift.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import { yyTechnician, yyTechnicianShift, yyTechnicianShiftException } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { parseWith } from '../lib/http/validate.ts';
import { newId } from '../lib/query/ids.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { caller } from '../plugins/auth.ts';
import type { ServerResource } from './register.ts';
import { technicianServer } from './technician.ts';

/**
 * 技师排班: the generated family (a span ends after it starts and overlaps no other span of the
 * technician's day) and saveWeek, which replaces one technician's whole weekly pattern in one
 * transaction (the editable grid's 保存).
 */
export const techShiftServer: ServerResource = {
  resource: TECH_SHIFT,
  table: yyTechnicianShift,
  hooks: {
    async beforeSave({ db, data, original }) {
      const merged = { ...original, ...data } as Record<string, unknown>;
      const span = {
        weekday: Number(merged.weekday),
        startTime: String(merged.startTime),
        endTime: String(merged.endTime),
      };
      if (span.endTime <= span.startTime) throw new BizError(SHIFT_MSG.order);
      const others = await db
        .select({
          weekday: yyTechnicianShift.weekday,
          startTime: yyTechnicianShift.startTime,
          endTime: yyTechnicianShift.endTime,
        })
        .from(yyTechnicianShift)
        .where(
          and(
            eq(yyTechnicianShift.technicianId, String(merged.technicianId)),
            eq(yyTechnicianShift.weekday, span.weekday),
            original ? ne(yyTechnicianShift.id, String(original.id)) : undefined,
          ),
        );
      const problem = weekProblem([...others, span]);
      if (problem) throw new BizError(problem);
    },
  },
  endpoints: [
    {
      contract: TECH_SHIFT_SAVE_WEEK,
      async handler(req) {
        const { technicianId, rows } = parseWith(saveWeekBody, req.body);
        const problem = weekProblem(rows);
        if (problem) throw new BizError(problem);
        const by = caller(req).user.username;
        // the technician as the caller reaches it (tenant, data rules of 技师列表); read before the
        // transaction (PGlite has one connection)
        const techReach = await rowReach(req, technicianServer);
        await req.server.db.transaction(async (tx) => {
          const [tech] = await tx
            .select({ id: yyTechnician.id })
            .from(yyTechnician)
            .where(
              and(
                eq(yyTechnician.id, technicianId),
                ne(yyTechnician.workStatus, WORK_STATUS.disabled),
                techReach,
              ),
            )
            .for('update')
            .limit(1);
          if (!tech) throw new BizError(SHIFT_MSG.technicianInvalid);
          await tx.delete(yyTechnicianShift).where(eq(yyTechnicianShift.technicianId, technicianId));
          if (rows.length)
            await tx.insert(yyTechnicianShift).values(
              rows.map((r) => ({
                id: newId(),
                technicianId,
                weekday: r.weekday,
                startTime: r.startTime,
                endTime: r.endTime,
                remark: r.remark ?? null,
                createBy: by,
              })),
            );
        });
        const saved = await req.server.db
          .select()
          .from(yyTechnicianShift)
          .where(eq(yyTechnicianShift.technicianId, technicianId))
          .orderBy(asc(yyTechnicianShift.weekday), asc(yyTechnicianShift.startTime));
        return ok(saved, SHIFT_MSG.saved(saved.length));
      },
    },
  ],
};

/**
 * 排班例外: a day off holds no hours (times sent with it are refused, times kept from before are
 * cleared); other hours need both times, the end after the start.
 */
export const techShiftExceptionServer: ServerResource = {
  resource: TECH_SHIFT_EXCEPTION,
  table: yyTechnicianShiftException,
  hooks: {
    beforeSave({ data, original }) {
      const merged = { ...original, ...data } as Record<string, unknown>;
      if (merged.kind === '1') {
        if (data.startTime || data.endTime) throw new BizError(SHIFT_MSG.dayOffHours);
        data.startTime = null;
        data.endTime = null;
        return;
      }
      if (!merged.startTime || !merged.endTime) throw new BizError(SHIFT_MSG.hoursRequired);
      if (String(merged.endTime) <= String(merged.startTime)) throw new BizError(SHIFT_MSG.order);
    },
  },
};

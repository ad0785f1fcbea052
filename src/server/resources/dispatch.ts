import { inArray, sql } from 'drizzle-orm';
import { areaCodeOf } from '../../shared/area.ts';
import {
  DISPATCH_CANDIDATES,
  DISPATCH_CITY,
  DISPATCH_EXPLAIN,
  DISPATCH_MSG,
  DISPATCH_RECORD,
  DISPATCH_STRATEGIES,
  type CandidatesAnswer,
  type DispatchStrategy,
} from '../../shared/resources/dispatch.ts';
import { yyDispatchCity, yyDispatchRecord, yyProject } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { oneParam } from '../lib/http/validate.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { findCandidates } from '../dispatch/candidates.ts';
import { dispatchExplain } from '../dispatch/record.ts';
import { bookingWindow, dispatchSettings } from '../dispatch/settings.ts';
import { parseZoned } from '../dispatch/time.ts';
import type { ServerResource } from './register.ts';
import { technicianServer } from './technician.ts';

type Q = Record<string, string | string[] | undefined>;

/** A number parameter within bounds, else the message. */
function numberParam(q: Q, name: string, min: number, max: number, message: string): number | undefined {
  const raw = oneParam(q, name)?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new BizError(message);
  return n;
}

/** 城市派单配置: the radius never above the maximum; a city code, not a district's. */
export const dispatchCityServer: ServerResource = {
  resource: DISPATCH_CITY,
  table: yyDispatchCity,
  hooks: {
    beforeSave({ data, original }) {
      const merged = { ...original, ...data } as Record<string, unknown>;
      // the columns keep one decimal: a second one would be rounded away, not stored as sent
      for (const key of ['radiusKm', 'radiusStepKm', 'maxRadiusKm'])
        if (merged[key] != null && !/^\d+(\.\d)?0*$/.test(String(merged[key]).trim()))
          throw new BizError(DISPATCH_MSG.radiusPlaces);
      const radius = Number(merged.radiusKm);
      const step = Number(merged.radiusStepKm);
      const max = Number(merged.maxRadiusKm);
      for (const v of [radius, max]) if (!(v >= 0.1 && v <= 200)) throw new BizError(DISPATCH_MSG.radius);
      if (!(step >= 0 && step <= 200)) throw new BizError(DISPATCH_MSG.radius);
      if (max < radius) throw new BizError(DISPATCH_MSG.radiusOrder);
      const timeout = Number(merged.acceptTimeoutMinutes);
      if (!Number.isInteger(timeout) || timeout < 1 || timeout > 60)
        throw new BizError('接单超时须为1到60分钟的整数');
    },
  },
};

/**
 * 派单记录: the records (read only: written by dispatches), `candidates` (who could serve a visit
 * now, nothing booked or recorded) and `explain` (a record with its candidates and its replay).
 * Technicians are those the caller reaches (the row scope of 技师列表), records those of 派单记录.
 */
export const dispatchServer: ServerResource = {
  resource: DISPATCH_RECORD,
  table: yyDispatchRecord,
  endpoints: [
    {
      contract: DISPATCH_CANDIDATES,
      async handler(req) {
        const app = req.server;
        const tz = app.config.timezone;
        const q = req.query as Q;
        const projectIds = (oneParam(q, 'projectIds') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (!projectIds.length) throw new BizError(DISPATCH_MSG.projectsRequired);
        const at = parseZoned(oneParam(q, 'at') ?? '', tz);
        if (!at) throw new BizError(DISPATCH_MSG.at);
        const lng = numberParam(q, 'lng', -180, 180, DISPATCH_MSG.location);
        const lat = numberParam(q, 'lat', -90, 90, DISPATCH_MSG.location);
        if (lng === undefined || lat === undefined) throw new BizError(DISPATCH_MSG.locationRequired);
        const given = oneParam(q, 'strategy')?.trim();
        if (given && !DISPATCH_STRATEGIES.some((s) => s.value === given))
          throw new BizError(DISPATCH_MSG.strategy);
        const cityRaw = oneParam(q, 'cityCode')?.trim();
        const cityCode = cityRaw ? areaCodeOf(cityRaw) : undefined;
        if (cityRaw && !cityCode) throw new BizError(DISPATCH_MSG.city);
        const settings = await dispatchSettings(app.db, cityCode);
        // the visit lasts the projects' durations unless told
        let duration = numberParam(q, 'duration', 1, 1440, DISPATCH_MSG.duration);
        if (duration === undefined) {
          const [sum] = await app.db
            .select({ minutes: sql<number>`coalesce(sum(${yyProject.duration}), 0)::int` })
            .from(yyProject)
            .where(inArray(yyProject.id, projectIds));
          duration = Math.max(1, Number(sum?.minutes ?? 0) || 60);
        }
        const radiusKm = numberParam(q, 'radiusKm', 0.1, 200, DISPATCH_MSG.radius) ?? settings.radiusKm;
        const limit = numberParam(q, 'limit', 1, 100, DISPATCH_MSG.limit) ?? 20;
        const strategy = (given as DispatchStrategy | undefined) ?? settings.strategy;
        const window = bookingWindow(at, duration, settings);
        const reach = await rowReach(req, technicianServer);
        const candidates = await findCandidates(app.db, {
          projectIds,
          location: { x: lng, y: lat },
          start: window.start,
          end: window.end,
          radiusKm,
          strategy,
          limit,
          timeZone: tz,
          ...(reach ? { reach } : {}),
        });
        const answer: CandidatesAnswer = {
          window: { start: formatDateTime(window.start, tz)!, end: formatDateTime(window.end, tz)! },
          radiusKm,
          strategy,
          settingsSource: settings.source,
          candidates,
        };
        return ok(answer);
      },
    },
    {
      contract: DISPATCH_EXPLAIN,
      async handler(req, access) {
        const id = oneParam(req.query as Q, 'id')?.trim();
        if (!id) throw new BizError(DISPATCH_MSG.recordNotFound);
        const [reach, technicianReach] = await Promise.all([
          access.reach(req),
          rowReach(req, technicianServer),
        ]);
        const explained = await dispatchExplain(req.server.db, id, {
          timeZone: req.server.config.timezone,
          ...(reach ? { reach } : {}),
          ...(technicianReach ? { technicianReach } : {}),
        });
        return ok(explained);
      },
    },
  ],
};

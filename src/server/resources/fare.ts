import { and, eq, ne } from 'drizzle-orm';
import {
  FARE,
  FARE_MSG,
  FARE_PREVIEW,
  checkDistance,
  hundredths,
  inWindow,
  priceFare,
  windowsOverlap,
} from '../../shared/resources/fare.ts';
import { yyFare } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/result.ts';
import { formatDateTime } from '../lib/time.ts';
import { oneParam } from '../lib/validate.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * 车费: the generated family; amounts are never negative, a city has one rule per period and its
 * periods' windows do not overlap. `preview` prices a trip by the rule of its city and time.
 */
export const fareServer: ServerResource = {
  resource: FARE,
  table: yyFare,
  hooks: {
    async beforeSave({ db, data, original }) {
      for (const key of ['baseFare', 'pricePerKm', 'minFare'])
        if (typeof data[key] === 'string' && (data[key] as string).startsWith('-'))
          throw new BizError(FARE_MSG.negative);
      if (data.freeKm !== undefined && data.freeKm !== null) {
        const v = hundredths(String(data.freeKm));
        if (v === undefined || v > 10_000) throw new BizError(FARE_MSG.freeKm);
      }
      const merged = { ...original, ...data } as Record<string, string>;
      const others = await db
        .select()
        .from(yyFare)
        .where(
          and(
            eq(yyFare.cityCode, merged.cityCode!),
            original ? ne(yyFare.id, String(original.id)) : undefined,
          ),
        );
      for (const other of others) {
        if (other.period === merged.period) throw new BizError(FARE_MSG.taken);
        if (windowsOverlap([merged.startTime!, merged.endTime!], [other.startTime, other.endTime]))
          throw new BizError(FARE_MSG.overlap);
      }
    },
  },
  routes(app) {
    app.get<{ Querystring: Q }>(
      FARE_PREVIEW.path,
      { config: { perm: FARE_PREVIEW.permission } },
      async (req) => {
        const cityCode = oneParam(req.query, 'cityCode')?.trim() ?? '';
        if (!/^\d{6}$/.test(cityCode)) throw new BizError(FARE_MSG.city);
        const distance = checkDistance(oneParam(req.query, 'distance'));
        if (!distance.ok) throw new BizError(distance.message);
        const given = oneParam(req.query, 'time')?.trim();
        const time = given || formatDateTime(new Date(), app.config.timezone)!.slice(11, 16);
        if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new BizError(FARE_MSG.time);
        const rules = await app.db
          .select()
          .from(yyFare)
          .where(and(eq(yyFare.cityCode, cityCode), eq(yyFare.enabled, true)));
        const rule = rules.find((r) => inWindow(r.startTime, r.endTime, time));
        if (!rule) throw new BizError(FARE_MSG.none);
        return ok({
          fareId: rule.id,
          cityCode,
          period: rule.period,
          time,
          ...priceFare(rule, distance.value),
        });
      },
    );
  },
};

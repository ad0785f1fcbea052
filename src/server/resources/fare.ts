import { and, eq, inArray, ne } from 'drizzle-orm';
import { areaPath, areaText, findAreaCode } from '../../shared/area.ts';
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
import type { Db } from '../db/client.ts';
import { yyFare } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { oneParam } from '../lib/http/validate.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * The enabled rule for an address's division (any level) at a time of day (HH:mm): the rule of the
 * nearest division above it that has one in that window (a district's own before its city's).
 */
export async function fareRuleAt(db: Db, areaCode: string, time: string) {
  const path = areaPath(areaCode).map((n) => n.code);
  if (!path.length) return undefined;
  const rules = await db
    .select()
    .from(yyFare)
    .where(and(inArray(yyFare.cityCode, path), eq(yyFare.enabled, true)));
  return rules
    .filter((r) => inWindow(r.startTime, r.endTime, time))
    .sort((a, b) => path.indexOf(b.cityCode) - path.indexOf(a.cityCode))[0];
}

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
        // any division (an address's district), by code or name (杭州): the rule of the nearest division above it that has one
        const code = findAreaCode(oneParam(req.query, 'cityCode') ?? '');
        if (!code) throw new BizError(FARE_MSG.city);
        const distance = checkDistance(oneParam(req.query, 'distance'));
        if (!distance.ok) throw new BizError(distance.message);
        const given = oneParam(req.query, 'time')?.trim();
        const time = given || formatDateTime(new Date(), app.config.timezone)!.slice(11, 16);
        if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new BizError(FARE_MSG.time);
        const rule = await fareRuleAt(app.db, code, time);
        if (!rule) throw new BizError(FARE_MSG.none);
        return ok({
          fareId: rule.id,
          cityCode: rule.cityCode,
          cityText: areaText(rule.cityCode),
          period: rule.period,
          time,
          ...priceFare(rule, distance.value),
        });
      },
    );
  },
};

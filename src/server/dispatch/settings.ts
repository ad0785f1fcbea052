import { and, eq, inArray } from 'drizzle-orm';
import { areaPath } from '../../shared/area.ts';
import type { Db } from '../db/client.ts';
import { yyDispatchCity, yyPlatformConfig } from '../db/schema/index.ts';
import { SETTING_BY_KEY } from '../../shared/resources/platform-config.ts';
import { DISPATCH_STRATEGIES, type DispatchStrategy } from '../../shared/resources/dispatch.ts';

/** The dispatch settings in force for one city (its own row, else the platform's `dispatch.*`). */
export interface DispatchSettings {
  /** where they come from: the city's code, or 'platform' */
  source: string;
  radiusKm: number;
  /** how far the radius widens per step when nobody is found (0: never) */
  radiusStepKm: number;
  maxRadiusKm: number;
  strategy: DispatchStrategy;
  acceptTimeoutMinutes: number;
  autoDispatch: boolean;
  /** minutes before the appointment a booking starts (the trip) */
  travelBufferMinutes: number;
  /** minutes after the service a booking still holds (before the next order) */
  gapMinutes: number;
}

const KEYS = [
  'dispatch.radiusKm',
  'dispatch.radiusStepKm',
  'dispatch.maxRadiusKm',
  'dispatch.strategy',
  'dispatch.acceptTimeoutMinutes',
  'dispatch.autoDispatch',
  'dispatch.travelBufferMinutes',
  'dispatch.gapMinutes',
] as const;

const strategyOf = (v: string): DispatchStrategy =>
  (DISPATCH_STRATEGIES.find((s) => s.value === v)?.value ?? 'distance') as DispatchStrategy;

/**
 * The platform's dispatch settings (stored values, else the catalogue's defaults), overridden by
 * the enabled row of yy_dispatch_city of the deepest division holding `cityCode` (a district's
 * city, a municipality, or the division itself), when there is one.
 */
export async function dispatchSettings(db: Db, cityCode?: string | null): Promise<DispatchSettings> {
  const rows = await db
    .select({ key: yyPlatformConfig.configKey, value: yyPlatformConfig.value })
    .from(yyPlatformConfig)
    .where(inArray(yyPlatformConfig.configKey, [...KEYS]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const value = (key: (typeof KEYS)[number]) => stored.get(key) ?? SETTING_BY_KEY.get(key)?.default ?? '0';
  const platform: DispatchSettings = {
    source: 'platform',
    radiusKm: Number(value('dispatch.radiusKm')),
    radiusStepKm: Number(value('dispatch.radiusStepKm')),
    maxRadiusKm: Number(value('dispatch.maxRadiusKm')),
    strategy: strategyOf(value('dispatch.strategy')),
    acceptTimeoutMinutes: Number(value('dispatch.acceptTimeoutMinutes')),
    autoDispatch: value('dispatch.autoDispatch') === 'true',
    travelBufferMinutes: Number(value('dispatch.travelBufferMinutes')),
    gapMinutes: Number(value('dispatch.gapMinutes')),
  };
  if (!cityCode) return platform;
  const path = areaPath(cityCode).map((n) => n.code);
  if (!path.length) return platform;
  const cities = await db
    .select()
    .from(yyDispatchCity)
    .where(and(inArray(yyDispatchCity.cityCode, path), eq(yyDispatchCity.enabled, true)));
  const city = cities.sort((a, b) => path.indexOf(b.cityCode) - path.indexOf(a.cityCode))[0];
  if (!city) return platform;
  return {
    ...platform,
    source: city.cityCode,
    radiusKm: Number(city.radiusKm),
    radiusStepKm: Number(city.radiusStepKm),
    maxRadiusKm: Math.max(Number(city.maxRadiusKm), Number(city.radiusKm)),
    strategy: strategyOf(city.strategy),
    acceptTimeoutMinutes: city.acceptTimeoutMinutes,
  };
}

/** The radii to try in turn: the radius, widened by the step up to the maximum. */
export function radiusSteps(
  s: Pick<DispatchSettings, 'radiusKm' | 'radiusStepKm' | 'maxRadiusKm'>,
): number[] {
  const out = [s.radiusKm];
  if (s.radiusStepKm > 0)
    for (
      let r = s.radiusKm + s.radiusStepKm;
      r < s.maxRadiusKm + 1e-9 && out.length < 50;
      r += s.radiusStepKm
    )
      out.push(Math.round(r * 10) / 10);
  if (s.radiusStepKm > 0 && out[out.length - 1]! < s.maxRadiusKm) out.push(s.maxRadiusKm);
  return out;
}

/**
 * The booking window of a visit: from the appointment minus the travel buffer to its end plus
 * the gap before the next order.
 */
export function bookingWindow(
  appointment: Date,
  durationMinutes: number,
  s: Pick<DispatchSettings, 'travelBufferMinutes' | 'gapMinutes'>,
): { start: Date; end: Date } {
  const minute = 60_000;
  return {
    start: new Date(appointment.getTime() - s.travelBufferMinutes * minute),
    end: new Date(appointment.getTime() + (durationMinutes + s.gapMinutes) * minute),
  };
}

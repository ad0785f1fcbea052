import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { yyPartner, yyTechnician } from '../db/schema/index.ts';
import { PARTNER_STATUS } from '../../shared/resources/partner.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import type { DispatchCandidate, DispatchStrategy } from '../../shared/resources/dispatch.ts';
import { onShiftSql } from './shift.ts';

/** What `findCandidates` searches for. */
export interface CandidateQuery {
  /** every project the visit needs (the technician offers each, enabled) */
  projectIds: readonly string[];
  /** the service address: x longitude, y latitude */
  location: { x: number; y: number };
  /** the booking window (travel buffer and gap included) */
  start: Date;
  end: Date;
  radiusKm: number;
  strategy: DispatchStrategy;
  limit: number;
  /** zone of the shift times (APP_TIMEZONE); default Asia/Shanghai */
  timeZone?: string;
  /** disregard this order's own bookings (a replay, a reassignment) */
  ignoreOrderId?: string;
  /** the caller's reach over technicians (row scope), a condition on yy_technician */
  reach?: SQL;
  /**
   * false: leave out the bounding-box prefilter (every technician's distance is computed); only
   * the benchmark's baseline sets it
   */
  prefilter?: boolean;
}

/** Mean Earth radius (km) of the great-circle distance. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * The box around a point that holds every point within `km` (a little larger: a prefilter the
 * GiST index of yy_technician.location serves; the exact distance decides after it).
 */
export function boundingBox(p: { x: number; y: number }, km: number) {
  const dLat = km / 110.5 + 1e-6;
  const maxLat = Math.min(89.9, Math.abs(p.y) + dLat);
  const dLng = Math.min(180, km / (111.32 * Math.cos((maxLat * Math.PI) / 180)) + 1e-6);
  return { minX: p.x - dLng, minY: p.y - dLat, maxX: p.x + dLng, maxY: p.y + dLat };
}

/** Great-circle (haversine) distance in km, in SQL, from the point ($lng, $lat) to `loc`. */
export function distanceKmSql(loc: SQL, p: { x: number; y: number }): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
    power(sin(radians((${loc})[1] - ${p.y}::float8) / 2), 2)
    + cos(radians(${p.y}::float8)) * cos(radians((${loc})[1]))
      * power(sin(radians((${loc})[0] - ${p.x}::float8) / 2), 2))))`;
}

/** The order of each strategy: its own key first, then the others. */
const ORDER: Record<DispatchStrategy, SQL> = {
  distance: sql`c.km asc, c.rating desc, c.today_load asc, c.id asc`,
  rating: sql`c.rating desc, c.km asc, c.today_load asc, c.id asc`,
  load: sql`c.today_load asc, c.km asc, c.rating desc, c.id asc`,
};

/** Weights of distance, rating and load in the score of each strategy. */
const WEIGHTS: Record<DispatchStrategy, [number, number, number]> = {
  distance: [0.6, 0.3, 0.1],
  rating: [0.3, 0.6, 0.1],
  load: [0.3, 0.1, 0.6],
};

/**
 * The technicians who could serve a visit, in one SQL statement: offering every project
 * (enabled), on shift for the whole window, 在线 (taking orders; 停用 and the rest are not), of no
 * stopped partner (whatever their work status says),
 * within `radiusKm` of the address (great-circle distance, after a bounding-box prefilter on the
 * location index), with no active booking overlapping the window. Ordered by the strategy
 * (distance: nearest, then rating, then fewest bookings that day), at most `limit`.
 */
export async function findCandidates(db: Db, q: CandidateQuery): Promise<DispatchCandidate[]> {
  const projects = [...new Set(q.projectIds)];
  if (!projects.length) return [];
  const tz = q.timeZone ?? 'Asia/Shanghai';
  const box = boundingBox(q.location, q.radiusKm);
  const start = q.start.toISOString();
  const end = q.end.toISOString();
  const loc = sql`${yyTechnician.location}`;
  const [wd, wr, wl] = WEIGHTS[q.strategy];
  const ignore = q.ignoreOrderId ? sql`and b.order_id <> ${q.ignoreOrderId}` : sql``;
  const day = sql`(((${start})::timestamptz at time zone ${tz})::date)`;
  const res = (await db.execute(sql`
    with c as (
      select ${yyTechnician.id} as id, ${yyTechnician.name} as name, ${yyTechnician.rating} as rating,
        ${distanceKmSql(loc, q.location)} as km,
        (select count(*)::int from yy_technician_booking b
          where b.technician_id = ${yyTechnician.id} and b.active ${ignore}
            and b.during && tstzrange((${day})::timestamp at time zone ${tz},
                                      (${day} + 1)::timestamp at time zone ${tz})) as today_load
      from ${yyTechnician}
      where ${yyTechnician.workStatus} = '${sql.raw(WORK_STATUS.online)}'
        ${
          q.prefilter === false
            ? sql``
            : sql`and ${loc} <@ box(point(${box.minX}::float8, ${box.minY}::float8), point(${box.maxX}::float8, ${box.maxY}::float8))`
        }
        ${q.reach ? sql`and ${q.reach}` : sql``}
        and not exists (select 1 from ${yyPartner} p
              where p.id = ${yyTechnician.partnerId} and p.status <> '${sql.raw(PARTNER_STATUS.active)}')
        and (select count(distinct s.project_id) from yy_technician_service s
              where s.technician_id = ${yyTechnician.id} and s.enabled and s.project_id in ${projects}) = ${projects.length}
        and not exists (select 1 from yy_technician_booking b
              where b.technician_id = ${yyTechnician.id} and b.active ${ignore}
                and b.during && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)'))
        and ${onShiftSql(yyTechnician.id, q.start, q.end, tz)}
    )
    select c.id, c.name, c.rating::text as rating, round(c.km::numeric, 2)::text as distance_km,
      c.today_load,
      round((100 * (${wd}::float8 * greatest(0, 1 - c.km / ${q.radiusKm}::float8)
        + ${wr}::float8 * c.rating::float8 / 5
        + ${wl}::float8 / (1 + c.today_load)))::numeric, 2)::text as score
    from c
    where c.km <= ${q.radiusKm}::float8
    order by ${ORDER[q.strategy]}
    limit ${Math.max(1, Math.min(100, Math.trunc(q.limit)))}`)) as unknown as {
    rows: Array<{
      id: string;
      name: string;
      rating: string;
      distance_km: string;
      today_load: number;
      score: string;
    }>;
  };
  return res.rows.map((r) => ({
    id: r.id,
    name: r.name,
    distanceKm: r.distance_km,
    rating: r.rating,
    todayLoad: Number(r.today_load),
    score: r.score,
  }));
}

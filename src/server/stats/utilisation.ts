/**
 * Technician utilisation's parts (src/shared/stats/metrics.ts `utilisation`) for a period of local
 * days: the booked minutes of the orders in the caller's reach (a technician assigned, not unpaid,
 * closed or cancelled, by local appointment day) — from the 'booked' rollup cells (migration 0049)
 * for a caller the rollups serve (cells.ts), else the orders' appointment range within the row
 * reach (a data-ruled caller) — and
 * the shift minutes of the technicians in the caller's reach that are not stopped (the weekly
 * pattern per day, a day off counting 0 and an adjusted day its adjusted span).
 */
import { and, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import { NOT_BOOKED_STATUSES, type TechnicianHours } from '../../shared/stats/metrics.ts';
import { addDays } from '../../shared/stats/home.ts';
import {
  yyTechnician,
  yyTechnicianShift,
  yyTechnicianShiftException,
  yyVisitOrder,
} from '../db/schema/index.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { technicianServer } from '../resources/technician.ts';
import type { ServerResource } from '../resources/types.ts';
import { bookedMinutes, type CellScope } from './cells.ts';
/** A shift exception that is a day off (1 休息); 2 adjusts the day's span. */
const DAY_OFF = '1';

/** `HH:mm` (24:00 allowed) as minutes of the day. */
const minutes = (col: unknown) =>
  sql`(split_part(${col}, ':', 1)::int * 60 + split_part(${col}, ':', 2)::int)`;

/** Booked and shift minutes of the local days `begin`…`end` (inclusive) for this caller. */
export async function technicianHours(
  req: FastifyRequest,
  orders: ServerResource,
  scope: CellScope,
  begin: string,
  end: string,
): Promise<TechnicianHours> {
  const db = req.server.db;
  const [booked, shift] = await Promise.all([
    scope.kind === 'rollup'
      ? bookedMinutes(db, scope, { begin, end: addDays(end, 1) })
      : rawBookedMinutes(req, orders, begin, end),
    shiftMinutes(req, begin, end),
  ]);
  return { bookedMinutes: booked, shiftMinutes: shift };
}

/** The booked minutes by the orders' appointment range within the caller's row reach. */
async function rawBookedMinutes(
  req: FastifyRequest,
  orders: ServerResource,
  begin: string,
  end: string,
): Promise<number> {
  const tz = req.server.config.timezone;
  const from = sql`(${begin}::date::timestamp AT TIME ZONE ${tz})`;
  const to = sql`(${addDays(end, 1)}::date::timestamp AT TIME ZONE ${tz})`;
  const [booked] = await req.server.db
    .select({ n: sql<string>`coalesce(sum(${yyVisitOrder.serviceMinutes}), 0)::text` })
    .from(yyVisitOrder)
    .where(
      and(
        isNotNull(yyVisitOrder.technicianId),
        notInArray(yyVisitOrder.status, [...NOT_BOOKED_STATUSES]),
        sql`${yyVisitOrder.appointmentTime} >= ${from} and ${yyVisitOrder.appointmentTime} < ${to}`,
        await rowReach(req, orders),
      ),
    );
  return Number(booked?.n ?? 0);
}

/** The shift minutes of the technicians in the caller's reach that are not stopped. */
async function shiftMinutes(req: FastifyRequest, begin: string, end: string): Promise<number> {
  const db = req.server.db;
  const s = yyTechnicianShift;
  const e = yyTechnicianShiftException;
  const [shift] = await db
    .select({
      n: sql<string>`coalesce(sum(
        case
          when ${e.kind} = ${DAY_OFF} then 0
          when ${e.id} is not null then ${minutes(e.endTime)} - ${minutes(e.startTime)}
          else coalesce(week.m, 0)
        end), 0)::text`,
    })
    .from(yyTechnician)
    .innerJoin(sql`generate_series(${begin}::date, ${end}::date, interval '1 day') AS days(d)`, sql`true`)
    .leftJoin(e, sql`${e.technicianId} = ${yyTechnician.id} and ${e.shiftDate} = days.d::date`)
    // each technician's minutes per weekday, summed once (not a lookup per technician and day)
    .leftJoin(
      sql`(select ${s.technicianId} as technician_id, ${s.weekday} as weekday,
             sum(${minutes(s.endTime)} - ${minutes(s.startTime)}) as m
           from ${s} group by 1, 2) AS week`,
      sql`week.technician_id = ${yyTechnician.id} and week.weekday = extract(isodow from days.d)::int`,
    )
    .where(
      and(
        inArray(yyTechnician.workStatus, [WORK_STATUS.online, WORK_STATUS.busy, WORK_STATUS.resting]),
        await rowReach(req, technicianServer),
      ),
    );
  return Number(shift?.n ?? 0);
}

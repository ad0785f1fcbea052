import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  point,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { auditColumns, idColumn } from './columns.ts';

/*
 * Shifts and dispatch: when a technician works (a weekly pattern plus exceptions by date), the
 * time each technician is booked (kept free of overlaps by an exclusion constraint, migration
 * `dispatch_booking_exclusion`), per-city dispatch settings and the record of every dispatch.
 * Shift times are wall-clock times of APP_TIMEZONE.
 */

/** PostgreSQL `tstzrange`, read and written as its text (`["2026-01-01 10:00+08","…")`). */
const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
});

/** yy_technician_shift: the weekly pattern; several spans a day are allowed. */
export const yyTechnicianShift = pgTable(
  'yy_technician_shift',
  {
    id: idColumn(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    /** ISO day of week: 1 Monday … 7 Sunday */
    weekday: integer('weekday').notNull(),
    /** HH:mm */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    /** HH:mm, exclusive; 24:00 ends the span at midnight */
    endTime: varchar('end_time', { length: 5 }).notNull(),
    remark: varchar('remark', { length: 100 }),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_technician_shift_tech').on(t.technicianId, t.weekday),
    check('ck_yy_technician_shift_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'ck_yy_technician_shift_span',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' and ${t.endTime} > ${t.startTime}`,
    ),
  ],
);

/**
 * yy_technician_shift_exception: a date that departs from the pattern: a day off (kind 1), or
 * other hours (kind 2, one row per span). Any exception on a date replaces that date's pattern.
 */
export const yyTechnicianShiftException = pgTable(
  'yy_technician_shift_exception',
  {
    id: idColumn(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    /** 1 休息, 2 调整时间 */
    kind: varchar('kind', { length: 2 }).notNull(),
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    reason: varchar('reason', { length: 200 }),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_technician_shift_exception_tech').on(t.technicianId, t.shiftDate),
    check(
      'ck_yy_technician_shift_exception_span',
      sql`${t.kind} = '1' or (${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' and ${t.endTime} > ${t.startTime})`,
    ),
  ],
);

/**
 * yy_technician_booking: the time a technician is held for an order (travel buffer and gap
 * included). Active bookings never overlap for one technician: `EXCLUDE USING gist
 * (technician_id WITH =, during WITH &&) WHERE (active)` (hand-written migration).
 */
export const yyTechnicianBooking = pgTable(
  'yy_technician_booking',
  {
    id: idColumn(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    orderId: varchar('order_id', { length: 32 }).notNull(),
    during: tstzrange('during').notNull(),
    active: boolean('active').notNull().default(true),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    releaseTime: timestamp('release_time', { withTimezone: true }),
  },
  (t) => [index('idx_yy_technician_booking_order').on(t.orderId)],
);

/** yy_dispatch_city: dispatch settings of one city (else the platform's `dispatch.*`). */
export const yyDispatchCity = pgTable(
  'yy_dispatch_city',
  {
    id: idColumn(),
    /** 6-digit division code of the city (src/shared/area.ts) */
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    radiusKm: numeric('radius_km', { precision: 5, scale: 1 }).notNull(),
    radiusStepKm: numeric('radius_step_km', { precision: 5, scale: 1 }).notNull().default('0'),
    maxRadiusKm: numeric('max_radius_km', { precision: 5, scale: 1 }).notNull(),
    /** distance | rating | load */
    strategy: varchar('strategy', { length: 10 }).notNull().default('distance'),
    acceptTimeoutMinutes: integer('accept_timeout_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 200 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uq_yy_dispatch_city').on(t.cityCode)],
);

/**
 * yy_dispatch_record: one dispatch (a candidate search and, when one was chosen, the booking):
 * what was asked, the candidates found with their distances and scores, the radius and strategy
 * used, the technician chosen, who and when. Append-only: an assignment is explained and replayed
 * from it.
 */
export const yyDispatchRecord = pgTable(
  'yy_dispatch_record',
  {
    id: idColumn(),
    orderId: varchar('order_id', { length: 32 }),
    cityCode: varchar('city_code', { length: 12 }),
    projectIds: text('project_ids').notNull(),
    location: point('location', { mode: 'xy' }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    strategy: varchar('strategy', { length: 10 }).notNull(),
    radiusKm: numeric('radius_km', { precision: 5, scale: 1 }).notNull(),
    /** the candidates, best first: [{id, name, distanceKm, rating, todayLoad, score}] */
    candidates: jsonb('candidates').notNull(),
    candidateCount: integer('candidate_count').notNull(),
    chosenTechnicianId: varchar('chosen_technician_id', { length: 32 }),
    /** 1 自动派单, 2 手动派单, 3 预览 */
    mode: varchar('mode', { length: 2 }).notNull(),
    reason: varchar('reason', { length: 255 }),
    createBy: varchar('create_by', { length: 32 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_yy_dispatch_record_order').on(t.orderId, t.createTime)],
);

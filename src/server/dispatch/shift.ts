import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * "The technician is on shift for the whole window [start, end)", as a SQL predicate usable in any
 * query: `technicianId` is a column or value, `start`/`end` timestamptz columns or values, `tz` the
 * zone the shift times are wall-clock times of (APP_TIMEZONE).
 *
 * The window must lie inside one span of its local date (it may end exactly at midnight, 24:00):
 * the date's exceptions when it has any (休息: none; 调整时间: their spans), else the spans of its
 * weekday in the weekly pattern. Spans that merely touch are not joined.
 */
export function onShiftSql(
  technicianId: SQLWrapper,
  start: SQLWrapper | Date,
  end: SQLWrapper | Date,
  tz: string,
): SQL {
  const ls = sql`((${param(start)})::timestamptz at time zone ${tz})`;
  const le = sql`((${param(end)})::timestamptz at time zone ${tz})`;
  const day = sql`(${ls})::date`;
  const from = sql`to_char(${ls}, 'HH24:MI')`;
  // the end as HH:mm on the start's date; midnight of the next day is 24:00, later is no time at all
  const to = sql`(case when (${le})::date = ${day} then to_char(${le}, 'HH24:MI')
    when ${le} = (${day} + 1)::timestamp then '24:00' end)`;
  return sql`(case when exists (select 1 from yy_technician_shift_exception x
      where x.technician_id = ${technicianId} and x.shift_date = ${day})
    then exists (select 1 from yy_technician_shift_exception x
      where x.technician_id = ${technicianId} and x.shift_date = ${day} and x.kind = '2'
        and x.start_time <= ${from} and x.end_time >= ${to})
    else exists (select 1 from yy_technician_shift s
      where s.technician_id = ${technicianId} and s.weekday = extract(isodow from ${day})::int
        and s.start_time <= ${from} and s.end_time >= ${to})
    end)`;
}

/** A Date as ISO text (both drivers bind it alike); a column or SQL as it is. */
const param = (v: SQLWrapper | Date): SQLWrapper | string => (v instanceof Date ? v.toISOString() : v);

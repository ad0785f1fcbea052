import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { formatDateTime } from '../lib/http/time.ts';

/**
 * The next order number of the local day of `now` (20261126-0001). The counter row of the day is
 * taken with `INSERT … ON CONFLICT DO UPDATE … RETURNING`: concurrent bookings wait on that row in
 * turn and never share a number; a booking that rolls back leaves a gap, never a duplicate (the
 * unique index on order_no is the last word).
 */
export async function nextOrderNo(tx: Db, now: Date, tz: string): Promise<string> {
  const day = formatDateTime(now, tz)!.slice(0, 10);
  const result = (await tx.execute(sql`
    insert into yy_order_no_seq (day, last) values (${day}, 1)
    on conflict (day) do update set last = yy_order_no_seq.last + 1
    returning last`)) as unknown as { rows: Array<{ last: number }> };
  const last = Number(result.rows[0]!.last);
  return `${day.replaceAll('-', '')}-${String(last).padStart(4, '0')}`;
}

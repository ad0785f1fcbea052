/**
 * 技师利用率 (issue 26): the period figure of GET /yy/ht/yyBasic/homepageDataStatistics equals
 * booked ÷ shift minutes counted here independently, in JavaScript, from the rows: the booked
 * minutes of the orders with a technician not unpaid, closed or cancelled by local appointment day,
 * over the weekly shifts of the technicians not stopped, a day off counting 0 and an adjusted day
 * its span. For 管理员, 运营专员 and 财务出纳, for the default period and a week, and after an
 * added day off it changes by that day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { HOMEPAGE_STATISTICS, addDays, type HomeStatistics } from '../../../src/shared/stats/home.ts';
import { rateBp } from '../../../src/shared/stats/metrics.ts';
import { ORDER_STATUS } from '../../../src/shared/resources/order-states.ts';

let t: TestApp;
const token: Record<string, string> = {};
const TZ = 'Asia/Shanghai';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

async function rows<T>(text: string): Promise<T[]> {
  return (await t.database.rawQuery(text, [])).rows as T[];
}

const mins = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day */
const isoDow = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

async function expected(begin: string, end: string): Promise<number | null> {
  const orders = await rows<{ day: string; minutes: number }>(
    `select to_char(appointment_time at time zone '${TZ}', 'YYYY-MM-DD') as day, service_minutes as minutes
       from yy_visit_order where technician_id is not null and status not in ('${ORDER_STATUS.unpaid}', '${ORDER_STATUS.closed}', '${ORDER_STATUS.cancelled}')`,
  );
  const booked = orders.filter((o) => o.day >= begin && o.day <= end).reduce((n, o) => n + o.minutes, 0);
  const techs = await rows<{ id: string }>(`select id from yy_technician where work_status <> '4'`);
  const shifts = await rows<{ technician_id: string; weekday: number; start_time: string; end_time: string }>(
    `select technician_id, weekday, start_time, end_time from yy_technician_shift`,
  );
  const exceptions = await rows<{
    technician_id: string;
    day: string;
    kind: string;
    start_time: string;
    end_time: string;
  }>(
    `select technician_id, to_char(shift_date, 'YYYY-MM-DD') as day, kind, start_time, end_time from yy_technician_shift_exception`,
  );
  let shift = 0;
  for (const tech of techs)
    for (let d = begin; d <= end; d = addDays(d, 1)) {
      const ex = exceptions.find((e) => e.technician_id === tech.id && e.day === d);
      if (ex) shift += ex.kind === '1' ? 0 : mins(ex.end_time) - mins(ex.start_time);
      else
        for (const s of shifts)
          if (s.technician_id === tech.id && s.weekday === isoDow(d))
            shift += mins(s.end_time) - mins(s.start_time);
    }
  return rateBp(booked, shift);
}

async function figure(who: string, query: Record<string, string> = {}) {
  const r = await t.call('GET', HOMEPAGE_STATISTICS.path, { token: token[who], query });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const s = r.body.result as HomeStatistics;
  return { s, value: s.period.find((p) => p.key === 'utilisation')?.value ?? null };
}

describe('技师利用率', () => {
  it('equals booked ÷ shift minutes of the rows, for each seeded role and period', async () => {
    for (const who of ['admin', 'yunying', 'caiwu']) {
      const { s, value } = await figure(who);
      expect(value, who).toBe(await expected(s.begin, s.end));
      expect(value, who).not.toBeNull();
      const week = await figure(who, { begin: addDays(s.end, -6), end: s.end });
      expect(week.value, who).toBe(await expected(week.s.begin, week.s.end));
    }
  });

  it('changes by a day off added to a shift', async () => {
    const { s, value: before } = await figure('admin');
    const [shift] = await rows<{ technician_id: string; weekday: number }>(
      `select s.technician_id, s.weekday from yy_technician_shift s join yy_technician t on t.id = s.technician_id
        where t.work_status <> '4' order by s.id limit 1`,
    );
    let day = s.end;
    while (isoDow(day) !== shift!.weekday) day = addDays(day, -1);
    await t.database.rawQuery(
      `insert into yy_technician_shift_exception (id, technician_id, shift_date, kind, reason)
       values ('utilisation-test', $1, $2::date, '1', 'test')
       on conflict do nothing`,
      [shift!.technician_id, day],
    );
    const { value: after } = await figure('admin');
    expect(after).toBe(await expected(s.begin, s.end));
    expect(after).not.toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysLog } from '../../src/server/db/schema/index.ts';

/** /sys/loginfo and /sys/visitInfo: login counts from the log, days in the server's zone. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const DAY = 24 * 3600 * 1000;
/** `yyyy-MM-dd` of an instant in the server's zone (Asia/Shanghai: no daylight saving). */
const localDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timezone }).format(d);

async function logins(daysAgo: number, ips: string[], logType = 1) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await t.app.db.insert(sysLog).values(
    ips.map((ip, i) => ({
      id: `stat${daysAgo}${logType}${i}${Math.random().toString(16).slice(2, 10)}`,
      logType,
      logContent: '登录成功',
      username: 'admin',
      ip,
      createTime: at,
    })),
  );
}

describe('home statistics', () => {
  it('counts total and today logins and today distinct addresses', async () => {
    const before = (await t.call('GET', '/sys/loginfo', { token: admin })).body.result;
    await logins(0, ['10.0.0.1', '10.0.0.1', '10.0.0.2']);
    await logins(3, ['10.0.0.3']);
    await logins(0, ['10.0.0.9'], 2); // an operation, not a login
    const after = (await t.call('GET', '/sys/loginfo', { token: admin })).body;
    expect(after.success).toBe(true);
    expect(after.result.totalVisitCount - before.totalVisitCount).toBe(4);
    expect(after.result.todayVisitCount - before.todayVisitCount).toBe(3);
    expect(after.result.todayIp).toBeGreaterThanOrEqual(2);
  });

  it('gives the last 7 days oldest first, days without logins as 0, older days left out', async () => {
    await logins(6, ['10.1.0.1', '10.1.0.2']);
    await logins(7, ['10.1.0.3']);
    const r = await t.call('GET', '/sys/visitInfo', { token: admin });
    const days = r.body.result as Array<{ tian: string; type: string; visit: number; ip: number }>;
    expect(days.map((d) => d.tian)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => localDay(new Date(Date.now() - n * DAY))),
    );
    expect(days[0]).toMatchObject({ visit: 2, ip: 2, type: days[0]!.tian.slice(5) });
    expect(days[3]).toMatchObject({ visit: 1, ip: 1 });
    expect(days[5]).toMatchObject({ visit: 0, ip: 0 });
    expect(days[6]!.visit).toBeGreaterThanOrEqual(3);
  });

  it('answers any signed-in user with counts only (no account or address), and 401 without a token', async () => {
    const staff = await t.login('yuangong');
    const info = await t.call('GET', '/sys/loginfo', { token: staff });
    expect(info.body).toMatchObject({ success: true, code: 200 });
    expect(Object.keys(info.body.result).sort()).toEqual(['todayIp', 'todayVisitCount', 'totalVisitCount']);
    const days = await t.call('GET', '/sys/visitInfo', { token: staff });
    expect(days.body.success).toBe(true);
    for (const d of days.body.result as object[])
      expect(Object.keys(d).sort()).toEqual(['ip', 'tian', 'type', 'visit']);
    for (const path of ['/sys/loginfo', '/sys/visitInfo'])
      expect((await t.call('GET', path)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from '../server-harness.ts';
import { PROJECTS } from '../../../src/server/db/seed/catalogue/data.ts';
import { dispatchOrder } from '../../../src/server/dispatch/dispatch.ts';
import { dispatchSettings } from '../../../src/server/dispatch/settings.ts';
import { parseZoned } from '../../../src/server/dispatch/time.ts';
import { stableId } from '../../../src/server/lib/query/ids.ts';

/** dispatch candidates / explain through the real executor, on the seeded technicians and shifts. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const project = PROJECTS[0]!.name;
const WEST_LAKE = { x: 120.1304, y: 30.2595 };

describe('dispatch commands', () => {
  it('dispatch candidates lists the seeded technicians near an address, nearest first', async () => {
    const r = await h.terminal(
      `dispatch candidates --project ${project} --at "2031-03-05 15:00" --lng ${WEST_LAKE.x} --lat ${WEST_LAKE.y} --json`,
    );
    expect(r.results[0]?.status, r.out).toBe('ok');
    const rows = JSON.parse(r.out) as Array<{ rank: number; distanceKm: string }>;
    expect(rows.length).toBeGreaterThan(1);
    const km = rows.map((x) => Number(x.distanceKm));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(10);
    const text = await h.terminal(
      `dispatch candidates --project ${project} --at "2031-03-05 15:00" --lng ${WEST_LAKE.x} --lat ${WEST_LAKE.y} --radius 1 --strategy rating`,
    );
    expect(text.out).toMatch(/2031-03-05 14:30:00 至 2031-03-05 16:\d\d:00，半径 1 公里，评分优先/);
    const bad = await h.terminal(`dispatch candidates --project ${project} --at 明天 --lng 120 --lat 30`);
    expect(bad.out).toContain('预约时间格式应为 yyyy-MM-dd HH:mm');
  });

  it("dispatch explain shows the candidates of an order's dispatch and who was chosen", async () => {
    const db = h.t.database.db;
    const start = parseZoned('2031-03-05 15:00', 'Asia/Shanghai')!;
    const out = await db.transaction(async (tx) =>
      dispatchOrder(tx, {
        orderId: 'cmdorder000000000000000000000001',
        projectIds: [stableId(`project:${project}`)],
        location: WEST_LAKE,
        start,
        end: new Date(start.getTime() + 90 * 60_000),
        settings: await dispatchSettings(tx, '330106'),
        cityCode: '330106',
        by: 'yunying',
        timeZone: 'Asia/Shanghai',
      }),
    );
    expect(out.technicianId).not.toBeNull();
    const r = await h.terminal('dispatch explain cmdorder000000000000000000000001');
    expect(r.results[0]?.status, r.out).toBe('ok');
    expect(r.out).toMatch(/按「距离优先」在半径 8(\.0)? 公里内找到 \d+ 位技师，.+ 排第 1 位/);
    expect(r.out).toContain('✓');
    const missing = await h.terminal('dispatch explain nope');
    expect(missing.out).toContain('派单记录不存在');
  });

  it('techShift saveWeek replaces a weekly pattern that techShift week prints', async () => {
    const tech = stableId('technician:tech-2');
    const rows = JSON.stringify([
      { weekday: 2, startTime: '13:00', endTime: '24:00' },
      { weekday: 1, startTime: '09:00', endTime: '12:00', remark: '早班' },
    ]);
    const saved = await h.terminal(`techShift saveWeek ${tech} '${rows}'`);
    expect(saved.results[0]?.status, saved.out).toBe('ok');
    expect(saved.out).toContain('已保存 2 个排班时段');
    const week = await h.terminal(`techShift week ${tech}`);
    expect(week.out).toMatch(/周一\s+09:00\s+12:00\s+早班[\s\S]*周二\s+13:00\s+24:00/);
    const overlap = await h.terminal(
      `techShift saveWeek ${tech} '[{"weekday":3,"startTime":"09:00","endTime":"12:00"},{"weekday":3,"startTime":"11:00","endTime":"13:00"}]'`,
    );
    expect(overlap.out).toContain('周三的时段有重叠');
    expect((await h.terminal(`techShift week ${tech} --json`)).out).toContain('早班');
  });

  it('techShift saveWeek takes the week as text; --dry-run checks it with the same rules, saving nothing', async () => {
    const tech = stableId('technician:tech-2');
    const before = (await h.terminal(`techShift week ${tech}`)).out;
    const dry = await h.terminal(
      `techShift saveWeek ${tech} '周一至周三 9:00-12:00 14:00-18:00，周日 10:00-24:00' --dry-run`,
    );
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(dry.out).toMatch(/周一\s+09:00\s+12:00\s+周一\s+14:00\s+18:00\s+周二\s+09:00/);
    expect(dry.out).toMatch(/将由 2 个时段替换为 7 个（已按时段格式、先后与重叠检查，未保存）/);
    expect((await h.terminal(`techShift week ${tech}`)).out).toBe(before);
    const overlap = await h.terminal(`techShift saveWeek ${tech} '周三 09:00-12:00 11:00-13:00' --dry-run`);
    expect(overlap.results[0]?.error).toBe('周三的时段有重叠');
    const unknown = await h.terminal(`techShift saveWeek ${tech} '周八 09:00-12:00'`);
    expect(unknown.results[0]?.error).toContain('无法识别「周八」');
    const dayless = await h.terminal(`techShift saveWeek ${tech} '09:00-12:00'`);
    expect(dayless.results[0]?.error).toContain('请先写星期');
    const saved = await h.terminal(`techShift saveWeek ${tech} '周一、周五 08:30-17:30'`);
    expect(saved.out).toContain('已保存 2 个排班时段');
    expect((await h.terminal(`techShift week ${tech}`)).out).toMatch(
      /周一\s+08:30\s+17:30[\s\S]*周五\s+08:30\s+17:30/,
    );
  });
});

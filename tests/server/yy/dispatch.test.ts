import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, hideByRule, loginAdded, roleWithout } from '../../support/tenant-users.ts';
import { TECHNICIAN } from '../../../src/shared/resources/technician.ts';
import type { Db } from '../../../src/server/db/client.ts';
import {
  yyDispatchRecord,
  yyTechnician,
  yyTechnicianBooking,
  yyTechnicianService,
  yyTechnicianShift,
  yyTechnicianShiftException,
} from '../../../src/server/db/schema/index.ts';
import { bookTechnician, releaseBooking } from '../../../src/server/dispatch/booking.ts';
import { findCandidates, type CandidateQuery } from '../../../src/server/dispatch/candidates.ts';
import { dispatchOrder, reassignOrder } from '../../../src/server/dispatch/dispatch.ts';
import { dispatchExplain } from '../../../src/server/dispatch/record.ts';
import { bookingWindow, dispatchSettings, radiusSteps } from '../../../src/server/dispatch/settings.ts';
import { onShiftSql } from '../../../src/server/dispatch/shift.ts';
import { parseZoned } from '../../../src/server/dispatch/time.ts';
import { BizError } from '../../../src/server/lib/http/result.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import {
  DISPATCH_CANDIDATES,
  DISPATCH_CITY,
  DISPATCH_EXPLAIN,
  DISPATCH_MSG,
} from '../../../src/shared/resources/dispatch.ts';
import {
  SHIFT_MSG,
  TECH_SHIFT,
  TECH_SHIFT_EXCEPTION,
  TECH_SHIFT_SAVE_WEEK,
} from '../../../src/shared/resources/technician-shift.ts';

/*
 * Shifts, bookings, candidates and dispatch records on a cluster of technicians of our own, far
 * from the seeded ones (around 100°E 40°N), on Wednesday 2031-03-05 (Asia/Shanghai).
 */

let t: TestApp;
let db: Db;
const token: Record<string, string> = {};
const TZ = 'Asia/Shanghai';
const HOME = { x: 100, y: 40 };
const P1 = 'p1dispatchtest000000000000000001';
const P2 = 'p2dispatchtest000000000000000002';
const at = (text: string) => parseZoned(text, TZ)!;
/** a point `km` east of HOME */
const east = (km: number) => ({ x: HOME.x + km / (111.32 * Math.cos((HOME.y * Math.PI) / 180)), y: HOME.y });

const TECHS = {
  near: { km: 0.5, rating: '4.6' },
  mid: { km: 1.5, rating: '4.9' },
  far: { km: 3, rating: '4.7' },
  outside: { km: 20, rating: '5.0' },
  stopped: { km: 0.1, rating: '5.0', workStatus: '4' },
  resting: { km: 0.2, rating: '5.0', workStatus: '3' },
  oneProject: { km: 0.3, rating: '5.0', projects: [P1] },
  dayOff: { km: 0.4, rating: '5.0' },
  lateShift: { km: 0.6, rating: '5.0', shift: ['14:00', '24:00'] as const },
} as const;
type TechKey = keyof typeof TECHS;
const id = (k: TechKey) => `dispatchtest${k.padEnd(20, '0')}`.slice(0, 32);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  for (const u of ['admin', 'yunying', 'yuangong']) token[u] = await t.login(u);
  for (const [k, v] of Object.entries(TECHS) as Array<[TechKey, (typeof TECHS)[TechKey]]>) {
    await db.insert(yyTechnician).values({
      id: id(k),
      name: `测试${k}`,
      sex: '2',
      mobile: `1390000${String(Object.keys(TECHS).indexOf(k)).padStart(4, '0')}`,
      level: 'junior',
      location: east(v.km),
      workStatus: 'workStatus' in v ? v.workStatus : '1',
      rating: v.rating,
    });
    const projects = 'projects' in v ? v.projects : [P1, P2];
    for (const p of projects)
      await db
        .insert(yyTechnicianService)
        .values({ id: `${id(k).slice(0, 30)}${p.slice(-2)}`, technicianId: id(k), projectId: p });
    const [from, to] = 'shift' in v ? v.shift : ['08:00', '22:00'];
    for (let weekday = 1; weekday <= 7; weekday++)
      await db.insert(yyTechnicianShift).values({
        id: `${id(k).slice(0, 31)}${weekday}`,
        technicianId: id(k),
        weekday,
        startTime: from,
        endTime: to,
      });
  }
  await db.insert(yyTechnicianShiftException).values({
    id: 'dispatchtestexception00000000001',
    technicianId: id('dayOff'),
    shiftDate: '2031-03-05',
    kind: '1',
  });
});
afterAll(async () => t?.close());

const query = (over: Partial<CandidateQuery> = {}): CandidateQuery => ({
  projectIds: [P1, P2],
  location: HOME,
  start: at('2031-03-05 10:00'),
  end: at('2031-03-05 12:00'),
  radiusKm: 10,
  strategy: 'distance',
  limit: 20,
  timeZone: TZ,
  ...over,
});
const ids = async (over: Partial<CandidateQuery> = {}) =>
  (await findCandidates(db, query(over))).map((c) => c.id);

describe('onShiftSql', () => {
  const onShift = async (tech: TechKey, start: string, end: string) => {
    const r = (await db.execute(
      sql`select ${onShiftSql(sql`${id(tech)}`, at(start), at(end), TZ)} as ok`,
    )) as unknown as { rows: Array<{ ok: boolean }> };
    return r.rows[0]!.ok;
  };

  it('holds for a window inside a span of the weekday, not one running past its end', async () => {
    expect(await onShift('near', '2031-03-05 08:00', '2031-03-05 22:00')).toBe(true);
    expect(await onShift('near', '2031-03-05 21:00', '2031-03-05 22:30')).toBe(false);
    expect(await onShift('near', '2031-03-05 07:30', '2031-03-05 09:00')).toBe(false);
  });

  it('lets a span end at midnight (24:00) and refuses a window crossing into the next day', async () => {
    expect(await onShift('lateShift', '2031-03-05 22:00', '2031-03-06 00:00')).toBe(true);
    expect(await onShift('lateShift', '2031-03-05 23:00', '2031-03-06 00:30')).toBe(false);
  });

  it('follows a date exception: a day off, or other hours replacing the pattern', async () => {
    expect(await onShift('dayOff', '2031-03-05 10:00', '2031-03-05 11:00')).toBe(false);
    expect(await onShift('dayOff', '2031-03-06 10:00', '2031-03-06 11:00')).toBe(true);
    await db.insert(yyTechnicianShiftException).values({
      id: 'dispatchtestexception00000000002',
      technicianId: id('far'),
      shiftDate: '2031-03-12',
      kind: '2',
      startTime: '18:00',
      endTime: '23:00',
    });
    expect(await onShift('far', '2031-03-12 10:00', '2031-03-12 11:00')).toBe(false);
    expect(await onShift('far', '2031-03-12 19:00', '2031-03-12 23:00')).toBe(true);
  });

  it('reads the shift times as wall-clock times of the zone', async () => {
    // 08:00–22:00 in Shanghai is 00:00–14:00 UTC
    expect(await onShift('near', '2031-03-05 08:00', '2031-03-05 09:00')).toBe(true);
    const r = (await db.execute(
      sql`select ${onShiftSql(sql`${id('near')}`, at('2031-03-05 08:00'), at('2031-03-05 09:00'), 'UTC')} as ok`,
    )) as unknown as { rows: Array<{ ok: boolean }> };
    expect(r.rows[0]!.ok).toBe(false);
  });
});

describe('findCandidates', () => {
  it('keeps the technicians offering every project, on shift, online, free and within the radius, nearest first', async () => {
    const found = await findCandidates(db, query());
    expect(found.map((c) => c.id)).toEqual([id('near'), id('mid'), id('far')]);
    expect(found[0]).toMatchObject({ name: '测试near', distanceKm: '0.50', rating: '4.6', todayLoad: 0 });
    expect(found[1]!.distanceKm).toBe('1.50');
    expect(Number(found[0]!.score)).toBeGreaterThan(0);
  });

  it('widens with the radius, narrows with the projects, and orders by the strategy', async () => {
    expect(await ids({ radiusKm: 25 })).toContain(id('outside'));
    expect(await ids({ radiusKm: 1 })).toEqual([id('near')]);
    expect(await ids({ projectIds: [P1] })).toEqual([id('oneProject'), id('near'), id('mid'), id('far')]);
    expect(await ids({ strategy: 'rating' })).toEqual([id('mid'), id('far'), id('near')]);
    expect(await ids({ limit: 2 })).toEqual([id('near'), id('mid')]);
    // the late shift starts at 14:00
    expect(await ids({ start: at('2031-03-05 15:00'), end: at('2031-03-05 16:00') })).toContain(
      id('lateShift'),
    );
  });

  it('skips a technician booked over the window, not one booked next to it, and counts the day', async () => {
    await db.transaction(async (tx) => {
      await bookTechnician(tx, {
        orderId: 'order-near-1',
        technicianId: id('near'),
        start: at('2031-03-05 11:00'),
        end: at('2031-03-05 13:00'),
      });
      await bookTechnician(tx, {
        orderId: 'order-mid-1',
        technicianId: id('mid'),
        start: at('2031-03-05 08:00'),
        end: at('2031-03-05 10:00'),
      });
    });
    const found = await findCandidates(db, query());
    expect(found.map((c) => c.id)).toEqual([id('mid'), id('far')]);
    expect(found[0]!.todayLoad).toBe(1);
    expect((await findCandidates(db, query({ strategy: 'load' }))).map((c) => c.id)).toEqual([
      id('far'),
      id('mid'),
    ]);
    // the order's own booking does not hide its technician (a replay, a reassignment)
    expect(await ids({ ignoreOrderId: 'order-near-1' })).toContain(id('near'));
    await db.transaction(async (tx) => {
      expect(await releaseBooking(tx, 'order-near-1')).toBe(1);
      expect(await releaseBooking(tx, 'order-mid-1')).toBe(1);
    });
    expect(await ids()).toEqual([id('near'), id('mid'), id('far')]);
  });
});

describe('bookTechnician', () => {
  const window = { start: at('2031-04-01 10:00'), end: at('2031-04-01 12:00') };

  it('refuses an overlapping booking with a business error and leaves the transaction usable', async () => {
    await db.transaction((tx) => bookTechnician(tx, { orderId: 'o-a', technicianId: id('far'), ...window }));
    const second = await db.transaction(async (tx) => {
      const refused = await bookTechnician(tx, {
        orderId: 'o-b',
        technicianId: id('far'),
        start: at('2031-04-01 11:59'),
        end: at('2031-04-01 13:00'),
      }).catch((e: unknown) => e);
      // the savepoint rolled back alone: the same transaction books the next slot
      await bookTechnician(tx, {
        orderId: 'o-b',
        technicianId: id('far'),
        start: at('2031-04-01 12:00'),
        end: at('2031-04-01 13:00'),
      });
      return refused;
    });
    expect(second).toBeInstanceOf(BizError);
    expect((second as Error).message).toBe('该技师在此时段已有预约');
    const rows = await db
      .select()
      .from(yyTechnicianBooking)
      .where(eq(yyTechnicianBooking.technicianId, id('far')));
    expect(rows.map((r) => r.orderId).sort()).toEqual(['o-a', 'o-b']);
  });

  it('lets a released booking be taken again, and refuses an empty window', async () => {
    await db.transaction(async (tx) => {
      await releaseBooking(tx, 'o-a');
      await bookTechnician(tx, { orderId: 'o-c', technicianId: id('far'), ...window });
    });
    await expect(
      db.transaction((tx) =>
        bookTechnician(tx, { orderId: 'o-d', technicianId: id('far'), start: window.end, end: window.start }),
      ),
    ).rejects.toThrow(DISPATCH_MSG.window);
  });

  it('gives one of many concurrent overlapping bookings of a technician, and all of different technicians', async () => {
    const start = at('2031-05-01 10:00');
    const attempts = Array.from({ length: 8 }, (_, i) =>
      db.transaction((tx) =>
        bookTechnician(tx, {
          orderId: `race-${i}`,
          technicianId: id('mid'),
          start: new Date(start.getTime() + i * 5 * 60_000),
          end: new Date(start.getTime() + (120 + i * 5) * 60_000),
        }),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason.message).toBe('该技师在此时段已有预约');
    const others: TechKey[] = ['near', 'far', 'outside', 'oneProject', 'dayOff', 'lateShift'];
    const spread = await Promise.allSettled(
      others.map((k, i) =>
        db.transaction((tx) =>
          bookTechnician(tx, {
            orderId: `spread-${i}`,
            technicianId: id(k),
            start,
            end: new Date(start.getTime() + 120 * 60_000),
          }),
        ),
      ),
    );
    expect(spread.every((o) => o.status === 'fulfilled')).toBe(true);
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from yy_technician_booking a
        join yy_technician_booking b on a.technician_id = b.technician_id and a.id < b.id
        where a.active and b.active and a.during && b.during`)) as unknown as { rows: Array<{ n: number }> }
    ).rows as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('settings and dispatchOrder', () => {
  it('reads the platform settings, overridden by an enabled city row', async () => {
    const platform = await dispatchSettings(db);
    expect(platform).toMatchObject({
      source: 'platform',
      radiusKm: 10,
      strategy: 'distance',
      gapMinutes: 15,
    });
    const hz = await dispatchSettings(db, '330106');
    expect(hz).toMatchObject({ source: '330100', radiusKm: 8, radiusStepKm: 2, maxRadiusKm: 16 });
    expect(radiusSteps(hz)).toEqual([8, 10, 12, 14, 16]);
    // a city's own code, and a place with no row of its own (Shanghai's 黄浦区)
    expect((await dispatchSettings(db, '330100')).source).toBe('330100');
    expect((await dispatchSettings(db, '310101')).source).toBe('platform');
    expect(radiusSteps({ radiusKm: 5, radiusStepKm: 0, maxRadiusKm: 20 })).toEqual([5]);
    expect(radiusSteps({ radiusKm: 5, radiusStepKm: 4, maxRadiusKm: 11 })).toEqual([5, 9, 11]);
    const w = bookingWindow(at('2031-03-05 10:00'), 90, { travelBufferMinutes: 30, gapMinutes: 15 });
    expect([w.start, w.end]).toEqual([at('2031-03-05 09:30'), at('2031-03-05 11:45')]);
  });

  it('books the best candidate, widening the radius when nobody is near, and keeps the record', async () => {
    const settings = { ...(await dispatchSettings(db)), radiusKm: 0.2, radiusStepKm: 0.5, maxRadiusKm: 5 };
    const out = await db.transaction((tx) =>
      dispatchOrder(tx, {
        orderId: 'order-dispatch-1',
        projectIds: [P1, P2],
        location: HOME,
        start: at('2031-03-05 10:00'),
        end: at('2031-03-05 12:00'),
        settings,
        by: 'yunying',
        timeZone: TZ,
      }),
    );
    expect(out).toMatchObject({ technicianId: id('near'), radiusKm: 0.7 });
    expect(out.candidates.map((c) => c.id)).toEqual([id('near')]);
    const explained = await dispatchExplain(db, 'order-dispatch-1', { timeZone: TZ });
    expect(explained.record).toMatchObject({ id: out.recordId, chosenTechnicianId: id('near'), mode: '1' });
    expect(explained.candidates).toEqual(out.candidates);
    // replayed now (the order's own booking disregarded) the same technician comes first
    expect(explained.replay[0]!.id).toBe(id('near'));
    expect(explained.summary).toContain('测试near 排第 1 位');
  });

  it('assigns a named technician only when a candidate, and records a search that found nobody', async () => {
    const settings = await dispatchSettings(db);
    const base = {
      projectIds: [P1, P2],
      location: HOME,
      start: at('2031-03-05 10:00'),
      end: at('2031-03-05 12:00'),
      settings,
      by: 'yunying',
      timeZone: TZ,
    };
    await expect(
      db.transaction((tx) => dispatchOrder(tx, { ...base, orderId: 'order-2', technicianId: id('near') })),
    ).rejects.toThrow(DISPATCH_MSG.notCandidate);
    const manual = await db.transaction((tx) =>
      dispatchOrder(tx, { ...base, orderId: 'order-3', technicianId: id('far'), reason: '客户指定' }),
    );
    expect(manual.technicianId).toBe(id('far'));
    const none = await db.transaction((tx) =>
      dispatchOrder(tx, { ...base, orderId: 'order-4', location: { x: 10, y: 10 } }),
    );
    expect(none).toMatchObject({ technicianId: null, candidates: [] });
    const [rec] = await db.select().from(yyDispatchRecord).where(eq(yyDispatchRecord.orderId, 'order-4'));
    expect(rec).toMatchObject({ candidateCount: 0, reason: DISPATCH_MSG.noCandidate });
  });
});

describe('reassignOrder', () => {
  it('moves an order to another technician with its reason, or leaves it as it was when refused', async () => {
    const settings = await dispatchSettings(db);
    const base = {
      orderId: 'order-3',
      projectIds: [P1, P2],
      location: HOME,
      start: at('2031-03-05 10:00'),
      end: at('2031-03-05 12:00'),
      settings,
      by: 'yunying',
      timeZone: TZ,
    };
    const active = async () =>
      (await db.select().from(yyTechnicianBooking).where(eq(yyTechnicianBooking.orderId, 'order-3')))
        .filter((b) => b.active)
        .map((b) => b.technicianId);
    expect(await active()).toEqual([id('far')]);
    // near is booked by order-dispatch-1: refused, and order-3 keeps far
    await expect(
      db.transaction((tx) => reassignOrder(tx, { ...base, technicianId: id('near'), reason: '客户要求' })),
    ).rejects.toThrow(DISPATCH_MSG.notCandidate);
    expect(await active()).toEqual([id('far')]);
    const moved = await db.transaction((tx) =>
      reassignOrder(tx, { ...base, technicianId: id('mid'), reason: '技师临时有事' }),
    );
    expect(moved.technicianId).toBe(id('mid'));
    expect(await active()).toEqual([id('mid')]);
    const explained = await dispatchExplain(db, 'order-3', { timeZone: TZ });
    expect(explained.record).toMatchObject({
      chosenTechnicianId: id('mid'),
      reason: '技师临时有事',
      mode: '2',
    });
  });
});

describe('GET /yy/yyDispatch/candidates and /explain', () => {
  const q = {
    projectIds: `${P1},${P2}`,
    at: '2031-03-06 10:30',
    lng: String(HOME.x),
    lat: String(HOME.y),
    duration: '60',
  };

  it('lists the candidates of a visit for 运营专员 and refuses 普通员工', async () => {
    const r = await t.call('GET', DISPATCH_CANDIDATES.path, { token: token.yunying, query: q });
    expect(r.body.success).toBe(true);
    // 30 min travel buffer before, 15 min gap after
    expect(r.body.result.window).toEqual({ start: '2031-03-06 10:00:00', end: '2031-03-06 11:45:00' });
    // the day off was yesterday
    expect(r.body.result.candidates.map((c: { id: string }) => c.id)).toEqual([
      id('dayOff'),
      id('near'),
      id('mid'),
      id('far'),
    ]);
    const refused = await t.call('GET', DISPATCH_CANDIDATES.path, { token: token.yuangong, query: q });
    expect(refused.body).toMatchObject({ success: false, code: CODE.NO_AUTH, message: MSG.noAuth });
  });

  it("leaves out a technician the caller's data rules on 技师列表 hide", async () => {
    const role = await roleWithout(t, 'dispatch_ruled');
    await hideByRule(t, role, TECHNICIAN.decl.component!, id('near'));
    await addUser(t, token.admin!, 'dispatch_ruled', { roleId: role, tenants: '1', phone: '13700000077' });
    const ruled = await loginAdded(t, 'dispatch_ruled');
    const r = await t.call('GET', DISPATCH_CANDIDATES.path, { token: ruled, query: q });
    expect(r.body.result.candidates.map((c: { id: string }) => c.id)).toEqual([
      id('dayOff'),
      id('mid'),
      id('far'),
    ]);
  });

  it('says what is wrong with a parameter', async () => {
    const bad = async (over: Record<string, string>) =>
      (await t.call('GET', DISPATCH_CANDIDATES.path, { token: token.yunying, query: { ...q, ...over } })).body
        .message;
    expect(await bad({ projectIds: '' })).toBe(DISPATCH_MSG.projectsRequired);
    expect(await bad({ at: '明天' })).toBe(DISPATCH_MSG.at);
    expect(await bad({ lat: '91' })).toBe(DISPATCH_MSG.location);
    expect(await bad({ strategy: "distance'; drop table x" })).toBe(DISPATCH_MSG.strategy);
    expect(await bad({ radiusKm: '0' })).toBe(DISPATCH_MSG.radius);
  });

  it('explains a dispatch by its record or its order', async () => {
    const r = await t.call('GET', DISPATCH_EXPLAIN.path, { token: token.yunying, query: { id: 'order-3' } });
    expect(r.body.success).toBe(true);
    // its latest dispatch: the reassignment
    expect(r.body.result.record).toMatchObject({
      chosenTechnicianId: id('mid'),
      mode: '2',
      reason: '技师临时有事',
    });
    // a person named the technician: said so, with its rank and the reason
    expect(r.body.result.summary).toMatch(
      /指定技师 测试mid：按「距离优先」在半径 [\d.]+ 公里内找到 \d+ 位技师，测试mid 排第 \d+ 位/,
    );
    expect(r.body.result.summary).toContain('；原因：技师临时有事');
    // a search that found nobody sent nobody
    const none = await t.call('GET', DISPATCH_EXPLAIN.path, {
      token: token.yunying,
      query: { id: 'order-4' },
    });
    expect(none.body.result.summary).toMatch(/^半径 [\d.]+ 公里内没有可派的技师$/);
    const byId = await t.call('GET', DISPATCH_EXPLAIN.path, {
      token: token.yunying,
      query: { id: r.body.result.record.id },
    });
    expect(byId.body.result.record.orderId).toBe('order-3');
    const missing = await t.call('GET', DISPATCH_EXPLAIN.path, {
      token: token.yunying,
      query: { id: 'nope' },
    });
    expect(missing.body.message).toBe(DISPATCH_MSG.recordNotFound);
  });
});

describe('城市派单配置', () => {
  it("overrides the platform's settings for a municipality's districts, and checks its radii", async () => {
    const add = (body: Record<string, unknown>) =>
      t.call('POST', DISPATCH_CITY.endpoints.add!.path, { token: token.yunying, body });
    const row = {
      cityCode: '310000',
      radiusKm: '6',
      radiusStepKm: '1.5',
      maxRadiusKm: '9',
      strategy: 'rating',
      acceptTimeoutMinutes: 3,
      enabled: true,
    };
    expect((await add({ ...row, maxRadiusKm: '5' })).body.message).toBe(DISPATCH_MSG.radiusOrder);
    // a second decimal is refused, not rounded away by the column (the property sweep found 0.15 → 0.2)
    expect((await add({ ...row, radiusStepKm: '0.15' })).body.message).toBe(DISPATCH_MSG.radiusPlaces);
    expect((await add(row)).body.success).toBe(true);
    expect((await add(row)).body.message).toBe(DISPATCH_MSG.cityTaken);
    expect(await dispatchSettings(db, '310101')).toMatchObject({
      source: '310000',
      radiusKm: 6,
      radiusStepKm: 1.5,
      maxRadiusKm: 9,
      strategy: 'rating',
      acceptTimeoutMinutes: 3,
    });
  });
});

describe('POST /yy/yyTechnicianShift/saveWeek', () => {
  it("replaces a technician's weekly pattern all at once, and refuses overlapping spans", async () => {
    const rows = [
      { weekday: 1, startTime: '09:00', endTime: '12:00' },
      { weekday: 1, startTime: '13:00', endTime: '18:00' },
      { weekday: 6, startTime: '10:00', endTime: '24:00' },
    ];
    const r = await t.call('POST', TECH_SHIFT_SAVE_WEEK.path, {
      token: token.yunying,
      body: { technicianId: id('outside'), rows },
    });
    expect(r.body).toMatchObject({ success: true, message: SHIFT_MSG.saved(3) });
    const stored = await db
      .select({
        weekday: yyTechnicianShift.weekday,
        s: yyTechnicianShift.startTime,
        e: yyTechnicianShift.endTime,
      })
      .from(yyTechnicianShift)
      .where(eq(yyTechnicianShift.technicianId, id('outside')));
    expect(stored).toHaveLength(3);
    const overlap = await t.call('POST', TECH_SHIFT_SAVE_WEEK.path, {
      token: token.yunying,
      body: {
        technicianId: id('outside'),
        rows: [...rows, { weekday: 1, startTime: '11:00', endTime: '14:00' }],
      },
    });
    expect(overlap.body.message).toBe(SHIFT_MSG.overlap('周一'));
    const late = await t.call('POST', TECH_SHIFT_SAVE_WEEK.path, {
      token: token.yunying,
      body: { technicianId: id('outside'), rows: [{ weekday: 2, startTime: '09:00', endTime: '24:30' }] },
    });
    expect(late.body.message).toBe(SHIFT_MSG.end);
    const stopped = await t.call('POST', TECH_SHIFT_SAVE_WEEK.path, {
      token: token.yunying,
      body: { technicianId: id('stopped'), rows },
    });
    expect(stopped.body.message).toBe(SHIFT_MSG.technicianInvalid);
    expect(
      (
        await db
          .select()
          .from(yyTechnicianShift)
          .where(eq(yyTechnicianShift.technicianId, id('outside')))
      ).length,
    ).toBe(3);
  });

  it('refuses through the generated add a span overlapping the day, and an exception without its hours', async () => {
    const addShift = (body: Record<string, unknown>) =>
      t.call('POST', TECH_SHIFT.endpoints.add!.path, { token: token.yunying, body });
    const overlapping = await addShift({
      technicianId: id('outside'),
      weekday: 1,
      startTime: '11:30',
      endTime: '12:30',
    });
    expect(overlapping.body.message).toBe(SHIFT_MSG.overlap('周一'));
    const reversed = await addShift({
      technicianId: id('outside'),
      weekday: 3,
      startTime: '12:00',
      endTime: '11:00',
    });
    expect(reversed.body.message).toBe(SHIFT_MSG.order);
    expect(
      (await addShift({ technicianId: id('outside'), weekday: 1, startTime: '12:00', endTime: '13:00' })).body
        .success,
    ).toBe(true);
    const addException = (body: Record<string, unknown>) =>
      t.call('POST', TECH_SHIFT_EXCEPTION.endpoints.add!.path, { token: token.yunying, body });
    const base = { technicianId: id('outside'), shiftDate: '2031-03-07' };
    expect((await addException({ ...base, kind: '2', startTime: '10:00' })).body.message).toBe(
      SHIFT_MSG.hoursRequired,
    );
    // a day off sent with hours is refused (stored as sent or not at all), without them it is saved
    expect(
      (await addException({ ...base, kind: '1', startTime: '10:00', endTime: '12:00' })).body.message,
    ).toBe(SHIFT_MSG.dayOffHours);
    expect((await addException({ ...base, kind: '1' })).body.success).toBe(true);
    const [dayOff] = await db
      .select()
      .from(yyTechnicianShiftException)
      .where(eq(yyTechnicianShiftException.shiftDate, '2031-03-07'));
    // a day off holds no hours
    expect(dayOff).toMatchObject({ kind: '1', startTime: null, endTime: null });
  });

  it('seeds a weekly pattern with a day off for every seeded technician', async () => {
    const r = (await db.execute(sql`select count(distinct technician_id)::int as techs,
        max(days)::int as most_days from (select technician_id, count(distinct weekday) as days
        from yy_technician_shift where technician_id not like 'dispatchtest%' group by technician_id) x`)) as unknown as {
      rows: Array<{ techs: number; most_days: number }>;
    };
    expect(r.rows[0]).toEqual({ techs: 32, most_days: 6 });
  });
});

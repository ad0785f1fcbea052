import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLane, type Lane } from '../../src/server/db/priority-pool.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Work a request leaves behind runs in the `read` lane (src/server/db/priority-pool.ts): a job
 * saved or run once by a request fires as background work, not ahead of every list for as long as
 * the process lives.
 */
let t: TestApp;
let admin: string;
const lanes: Array<{ trigger: string; lane: Lane }> = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs.register({
    className: 'test.LaneJob',
    title: '通道',
    run: async (ctx) => {
      lanes.push({ trigger: ctx.trigger, lane: currentLane() });
      return currentLane();
    },
  });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('background work started by a request', () => {
  it('a job added by a save fires its cron runs in the read lane', async () => {
    const added = await t.call('POST', '/sys/quartzJob/add', {
      token: admin,
      body: { jobClassName: 'test.LaneJob', cronExpression: '0/1 * * * * ?', status: 0 },
    });
    expect(added.body).toMatchObject({ success: true });
    // two firings: the second was armed by the first one's timer, not by the request
    await expect.poll(() => lanes.filter((l) => l.trigger === 'cron').length).toBeGreaterThan(1);
    const job = (
      await t.call('GET', '/sys/quartzJob/list', { token: admin, query: { jobClassName: 'test.LaneJob' } })
    ).body.result.records[0] as { id: string };
    expect(
      (await t.call('GET', '/sys/quartzJob/pause', { token: admin, query: { id: job.id } })).body,
    ).toMatchObject({
      success: true,
    });
    expect(new Set(lanes.filter((l) => l.trigger === 'cron').map((l) => l.lane))).toEqual(new Set(['read']));

    // 立即执行: the run goes on after the request that asked for it
    lanes.length = 0;
    const ran = await t.call('GET', '/sys/quartzJob/execute', { token: admin, query: { id: job.id } });
    expect(ran.body).toMatchObject({ success: true });
    await expect.poll(() => lanes.length).toBe(1);
    expect(lanes).toEqual([{ trigger: 'manual', lane: 'read' }]);
  });
});

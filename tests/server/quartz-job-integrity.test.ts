import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { PAYLOAD, postParts } from './import-support.ts';
import { BUILTIN_JOBS } from '../../src/server/jobs/builtin.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

/**
 * 定时任务 integrity: a job naming no registered handler is refused on add and on import; a run
 * left 执行中 by a process that died is marked failed, on start (dead processes of this host) and by
 * the housekeeping job (runs older than it allows, any host).
 */
let t: TestApp;
let admin: string;
const INTERRUPTED = '执行中断：执行该任务的服务进程已退出，未记录结果';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const jobsOf = (className: string) =>
  t.database.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobClassName, className));
const runOf = async (id: string) =>
  (await t.database.db.select().from(sysQuartzJobLog).where(eq(sysQuartzJobLog.id, id)))[0]!;

/**
 * distinct fire times: a run is unique per job, fire time and trigger (two rows in one ms collided);
 * start times never go back and the offset grows, so these strictly increase
 */
let fired = 0;
async function runningRow(instance: string, startTime = new Date()) {
  const [job] = await jobsOf(BUILTIN_JOBS.sample);
  const id = newId();
  const fireTime = new Date(startTime.getTime() + ++fired * 1000);
  await t.database.db.insert(sysQuartzJobLog).values({
    id,
    jobId: job!.id,
    jobClassName: job!.jobClassName,
    fireTime,
    trigger: 'manual',
    startTime,
    status: 'running',
    instance,
  });
  return id;
}

describe('unknown handlers', () => {
  it('refuses adding a job whose class has no handler', async () => {
    const r = await t.call('POST', '/sys/quartzJob/add', {
      token: admin,
      body: { jobClassName: 'com.example.Gone', cronExpression: '0 0 1 * * ?' },
    });
    expect(r.body).toMatchObject({ success: false, message: '后台找不到该类名：com.example.Gone' });
    expect(await jobsOf('com.example.Gone')).toEqual([]);
  });

  it('refuses importing such a job: the row is reported and nothing of the file is imported', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('定时任务');
    ws.addRow(['任务类名', 'Cron表达式', '参数', '描述', '状态']);
    ws.addRow(['com.example.Gone', '0 0 2 * * ?', '', '未知的任务', '0']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const r = await postParts(t, '/sys/quartzJob/importExcel', admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'jobs.xlsx', content },
    ]);
    expect(r.body).toMatchObject({ code: 201, result: { errorCount: 1, successCount: 0 } });
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}${r.body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    expect(log.body).toContain('第2行：后台找不到该类名：com.example.Gone');
    expect(await jobsOf('com.example.Gone')).toEqual([]);
  });
});

describe('runs interrupted by a dead process', () => {
  it('on start, runs of dead processes of this host are failed; live ones and other hosts are kept', async () => {
    // a pid that surely ended: a child that has exited
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const host = os.hostname().slice(0, 40);
    const ofDead = await runningRow(`${host}:${dead}:abcdef`);
    const ofLive = await runningRow(`${host}:${process.ppid}:abcdef`);
    const ofOther = await runningRow(`elsewhere:${dead}:abcdef`);
    await t.app.scheduler.stop();
    await t.app.scheduler.start();
    expect(await runOf(ofDead)).toMatchObject({ status: 'error', error: INTERRUPTED });
    expect((await runOf(ofDead)).endTime).toBeInstanceOf(Date);
    expect((await runOf(ofLive)).status).toBe('running');
    expect((await runOf(ofOther)).status).toBe('running');
    const runs = await t.call('GET', '/sys/quartzJob/runs', {
      token: admin,
      query: { jobId: (await runOf(ofDead)).jobId, pageSize: '100' },
    });
    expect(runs.body.result.records.find((r: { id: string }) => r.id === ofDead)).toMatchObject({
      status: 'error',
      error: INTERRUPTED,
    });
  });

  it('housekeeping fails runs still running after staleRunHours, whichever host; recent ones stay', async () => {
    const old = await runningRow('elsewhere:1:aaaaaa', new Date(Date.now() - 3 * 3_600_000));
    const recent = await runningRow('elsewhere:1:bbbbbb', new Date(Date.now() - 60_000));
    const [housekeeping] = await jobsOf(BUILTIN_JOBS.housekeeping);
    await t.database.db
      .update(sysQuartzJob)
      .set({ parameter: 'staleRunHours=2' })
      .where(eq(sysQuartzJob.id, housekeeping!.id));
    const r = await t.call('GET', '/sys/quartzJob/execute', {
      token: admin,
      query: { id: housekeeping!.id },
    });
    expect(r.body.success).toBe(true);
    let outcome = await runOf(old);
    for (let i = 0; i < 200 && outcome.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      outcome = await runOf(old);
    }
    expect(outcome).toMatchObject({ status: 'error', error: INTERRUPTED });
    expect((await runOf(recent)).status).toBe('running');
  });
});

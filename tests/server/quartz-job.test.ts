import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/app.ts';
import { PAYLOAD, postParts } from './import-support.ts';
import { BUILTIN_JOBS } from '../../src/server/jobs/builtin.ts';
import type { JobContext } from '../../src/server/jobs/registry.ts';

/** 定时任务 (jeecg-api.md §6.10): the generated family, stop/start/run once, run history, the scheduler. */
let t: TestApp;
let admin: string;
let staff: string;

/** Handlers of this suite: one counting its runs, one failing, one waiting for its release. */
const seen: JobContext[] = [];
let release: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs
    .register({
      className: 'test.CountJob',
      title: '计数',
      run: async (ctx) => {
        seen.push(ctx);
        return `第${seen.length}次`;
      },
    })
    .register({
      className: 'test.FailJob',
      title: '失败',
      run: async () => {
        throw new Error('处理失败：库存不足');
      },
    })
    .register({
      className: 'test.SlowJob',
      title: '等待',
      run: (ctx) =>
        new Promise<string>((resolve) => {
          release = () => resolve('released');
          ctx.signal.addEventListener('abort', () => resolve('aborted'));
        }),
    });
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

const as = (token: string) => ({
  get: (path: string, query: Record<string, string> = {}) => t.call('GET', path, { token, query }),
  post: (path: string, body: unknown) => t.call('POST', path, { token, body }),
  put: (path: string, body: unknown) => t.call('PUT', path, { token, body }),
  del: (path: string, query: Record<string, string>) => t.call('DELETE', path, { token, query }),
});
const A = () => as(admin);

async function jobByClass(jobClassName: string) {
  const r = await A().get('/sys/quartzJob/list', { jobClassName });
  return r.body.result.records[0] as Record<string, unknown> & { id: string };
}

/** The job's runs, polled until `until` holds (bounded by count, not by time). */
async function runsUntil(
  id: string,
  until: (runs: Array<Record<string, unknown>>) => boolean,
): Promise<Array<Record<string, unknown>>> {
  let runs: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 600; i++) {
    runs = (await A().get('/sys/quartzJob/runs', { jobId: id, pageSize: '100' })).body.result.records;
    if (until(runs)) return runs;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`runs never matched: ${JSON.stringify(runs)}`);
}

describe('/sys/quartzJob', () => {
  it('lists the seeded jobs with their status text; the nightly housekeeping is armed', async () => {
    const r = await A().get('/sys/quartzJob/list', { pageSize: '50' });
    expect(r.body).toMatchObject({ success: true });
    const rows = r.body.result.records as Array<Record<string, unknown>>;
    const house = rows.find((j) => j.jobClassName === BUILTIN_JOBS.housekeeping)!;
    expect(house).toMatchObject({ status: 0, status_dictText: '正常', cronExpression: '0 30 3 * * ?' });
    expect(rows.find((j) => j.jobClassName === BUILTIN_JOBS.sample)).toMatchObject({
      status: -1,
      status_dictText: '停止',
    });
    const next = t.app.scheduler.schedule().get(house.id as string)!;
    // 03:30:00 in the server's time zone (Asia/Shanghai, UTC+8)
    expect(next.toISOString()).toMatch(/T19:30:00\.000Z$/);
    const handlers = (await A().get('/sys/quartzJob/handlers')).body.result as Array<{ className: string }>;
    expect(handlers.map((h) => h.className)).toEqual(expect.arrayContaining(Object.values(BUILTIN_JOBS)));
  });

  it('refuses a bad cron expression, an unknown class and a class taken, with the messages', async () => {
    const bad = await A().post('/sys/quartzJob/add', {
      jobClassName: 'test.CountJob',
      cronExpression: '* * * * *',
    });
    expect(bad.body).toMatchObject({ success: false, message: 'Cron表达式不正确' });
    const range = await A().post('/sys/quartzJob/add', {
      jobClassName: 'test.CountJob',
      cronExpression: '0 0 25 * * ?',
    });
    expect(range.body).toMatchObject({ success: false, message: 'Cron表达式不正确' });
    const unknown = await A().post('/sys/quartzJob/add', {
      jobClassName: 'com.example.NoSuchJob',
      cronExpression: '0 0 1 * * ?',
    });
    expect(unknown.body).toMatchObject({
      success: false,
      message: '后台找不到该类名：com.example.NoSuchJob',
    });
    const taken = await A().post('/sys/quartzJob/add', {
      jobClassName: BUILTIN_JOBS.sample,
      cronExpression: '0 0 1 * * ?',
    });
    expect(taken.body).toMatchObject({ success: false, message: '该定时任务类名已存在' });
    expect((await A().get('/sys/quartzJob/list', { jobClassName: 'test.CountJob' })).body.result.total).toBe(
      0,
    );
  });

  it('adds a running job that fires every second, each firing once, until it is stopped', async () => {
    const added = await A().post('/sys/quartzJob/add', {
      jobClassName: 'test.CountJob',
      cronExpression: '*/1  * * * * ?',
      parameter: 'p1',
      status: 0,
    });
    expect(added.body).toMatchObject({ success: true, message: '创建定时任务成功' });
    const job = await jobByClass('test.CountJob');
    expect(job.cronExpression).toBe('*/1 * * * * ?');
    const runs = await runsUntil(job.id, (rs) => rs.filter((r) => r.status === 'ok').length >= 3);
    const fired = runs.filter((r) => r.trigger === 'cron');
    // whole seconds, never the same one twice
    expect(new Set(fired.map((r) => r.fireTime)).size).toBe(fired.length);
    for (const r of runs.filter((r) => r.status === 'ok')) {
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(r.endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(r.result).toMatch(/^第\d+次$/);
      expect(r.instance).toBe(t.app.scheduler.instance);
    }
    expect(seen.at(-1)).toMatchObject({ parameter: 'p1', trigger: 'cron', jobId: job.id });

    const paused = await A().get('/sys/quartzJob/pause', { id: job.id });
    expect(paused.body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect(t.app.scheduler.schedule().has(job.id)).toBe(false);
    expect((await jobByClass('test.CountJob')).status).toBe(-1);
  });

  it('reschedules a job edited, starts a stopped one, and runs one once on request', async () => {
    const job = await jobByClass('test.CountJob');
    const resumed = await A().get('/sys/quartzJob/resume', { id: job.id });
    expect(resumed.body).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect(t.app.scheduler.schedule().has(job.id)).toBe(true);

    const edited = await A().put('/sys/quartzJob/edit', { id: job.id, cronExpression: '0 0 12 1 1 ? 2099' });
    expect(edited.body).toMatchObject({ success: true, message: '更新定时任务成功!' });
    expect(t.app.scheduler.schedule().get(job.id)!.toISOString()).toBe('2099-01-01T04:00:00.000Z');
    const badEdit = await A().put('/sys/quartzJob/edit', { id: job.id, cronExpression: '0 0 0 ? * 9' });
    expect(badEdit.body).toMatchObject({ success: false, message: 'Cron表达式不正确' });

    const before = seen.length;
    const executed = await A().get('/sys/quartzJob/execute', { id: job.id });
    expect(executed.body).toMatchObject({ success: true, message: '执行成功!' });
    const runs = await runsUntil(job.id, (rs) => rs.some((r) => r.trigger === 'manual' && r.status === 'ok'));
    expect(runs[0]).toMatchObject({ trigger: 'manual', status: 'ok', error: null });
    expect(seen.length).toBe(before + 1);
  });

  it('records a failing run with its error, and housekeeping deletes what has expired', async () => {
    await A().post('/sys/quartzJob/add', { jobClassName: 'test.FailJob', cronExpression: '0 0 1 * * ?' });
    const fail = await jobByClass('test.FailJob');
    expect(fail.status).toBe(-1);
    await A().get('/sys/quartzJob/execute', { id: fail.id });
    const [run] = await runsUntil(fail.id, (rs) => rs.some((r) => r.status !== 'running'));
    expect(run).toMatchObject({ status: 'error', error: '处理失败：库存不足', trigger: 'manual' });

    const db = t.database;
    await db.rawQuery(
      `insert into sys_user_token (token_hash, user_id, expires_at) values ('expired-token', 'u', now() - interval '1 day')`,
      [],
    );
    // the last use of that session goes with it (账户设置's session list)
    await db.rawQuery(`insert into sys_session_activity (token_hash) values ('expired-token')`, []);
    await db.rawQuery(
      `insert into sys_log (id, log_type, log_content, create_time) values ('oldlog', 2, 'old', now() - interval '400 days'), ('newlog', 2, 'new', now() - interval '100 days')`,
      [],
    );
    const house = await jobByClass(BUILTIN_JOBS.housekeeping);
    await A().get('/sys/quartzJob/execute', { id: house.id });
    const [done] = await runsUntil(house.id, (rs) => rs.some((r) => r.status !== 'running'));
    expect(done).toMatchObject({ status: 'ok' });
    expect(done!.result).toMatch(/清理过期令牌 \d+ 个.*日志 1 条（保留 180 天）/);
    const left = await db.rawQuery(
      `select (select count(*)::int from sys_user_token where token_hash = 'expired-token') as tokens,
              (select count(*)::int from sys_session_activity where token_hash = 'expired-token') as activity,
              (select count(*)::int from sys_log where id in ('oldlog', 'newlog')) as logs`,
      [],
    );
    expect(left.rows[0]).toEqual({ tokens: 0, activity: 0, logs: 1 });

    // retention from the parameter; a malformed one fails the run
    await A().put('/sys/quartzJob/edit', { id: house.id, parameter: 'logDays=30' });
    await A().get('/sys/quartzJob/execute', { id: house.id });
    const runs = await runsUntil(
      house.id,
      (rs) => rs.length === 2 && rs.every((r) => r.status !== 'running'),
    );
    expect(runs[0]!.result).toMatch(/日志 1 条（保留 30 天）/);
    await A().put('/sys/quartzJob/edit', { id: house.id, parameter: 'logDays=-3' });
    await A().get('/sys/quartzJob/execute', { id: house.id });
    const third = await runsUntil(
      house.id,
      (rs) => rs.length === 3 && rs.every((r) => r.status !== 'running'),
    );
    expect(third[0]).toMatchObject({ status: 'error', error: 'logDays 应为 1 到 36500 的整数' });
  });

  it('the dictionary refresh job tells every open client to re-read the dictionaries', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await t.call('POST', '/sys/login', { body: { username: 'yuangong', password: '123456' } });
    const { token, userInfo } = login.body.result;
    const ws = new WebSocket(`${address.replace('http', 'ws')}/jeecg-boot/websocket/${userInfo.id}`, [token]);
    const received: string[] = [];
    ws.on('message', (d) => received.push(String(d)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const job = await jobByClass(BUILTIN_JOBS.dictRefresh);
    await A().get('/sys/quartzJob/execute', { id: job.id });
    for (let i = 0; i < 200 && !received.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(received.map((m) => JSON.parse(m))).toContainEqual({ cmd: 'dict' });
    const [run] = await runsUntil(job.id, (rs) => rs[0]?.status === 'ok');
    expect(run!.result).toBe('已通知所有在线客户端刷新字典缓存');
    ws.close();
  });

  it('exports and imports jobs; an imported running job is scheduled', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/quartzJob/exportXls',
      headers: { 'x-access-token': admin },
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(text).toContain(BUILTIN_JOBS.housekeeping);

    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('定时任务');
    ws.addRow(['定时任务']);
    ws.addRow(['导出人:管理员']);
    ws.addRow(['任务类名', 'Cron表达式', '参数', '描述', '状态']);
    ws.addRow(['test.SlowJob', '0 0 2 * * ?', '', '导入的任务', '0']);
    const content = Buffer.from(await sheet.xlsx.writeBuffer());
    const r = await postParts(t, '/sys/quartzJob/importExcel', admin, [
      ...PAYLOAD,
      { name: 'file', filename: '定时任务.xlsx', content },
    ]);
    expect(r.body).toMatchObject({ success: true });
    const imported = await jobByClass('test.SlowJob');
    expect(imported).toMatchObject({ status: 0, description: '导入的任务' });
    // the import's notification reaches the scheduler when its transaction commits
    for (let i = 0; i < 200 && !t.app.scheduler.schedule().has(imported.id); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(t.app.scheduler.schedule().get(imported.id)!.toISOString()).toMatch(/T18:00:00\.000Z$/);
  });

  it('deletes one and many jobs with their history', async () => {
    const slow = await jobByClass('test.SlowJob');
    await A().get('/sys/quartzJob/execute', { id: slow.id });
    await runsUntil(slow.id, (rs) => rs.length === 1);
    release();
    await runsUntil(slow.id, (rs) => rs[0]?.status === 'ok');
    const one = await A().del('/sys/quartzJob/delete', { id: slow.id });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(t.app.scheduler.schedule().has(slow.id)).toBe(false);
    const runs = await A().get('/sys/quartzJob/runs', { jobId: slow.id });
    expect(runs.body.result.total).toBe(0);
    const [count, fail] = [await jobByClass('test.CountJob'), await jobByClass('test.FailJob')];
    const many = await A().del('/sys/quartzJob/deleteBatch', { ids: `${count.id},${fail.id},` });
    expect(many.body).toMatchObject({ success: true, message: '删除定时任务成功!' });
    expect(t.app.scheduler.schedule().has(count.id)).toBe(false);
    expect(await jobByClass('test.CountJob')).toBeUndefined();
  });
});

describe('permissions', () => {
  const calls: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['list', 'GET', '/sys/quartzJob/list'],
    ['queryById', 'GET', '/sys/quartzJob/queryById?id=x'],
    ['add', 'POST', '/sys/quartzJob/add'],
    ['edit', 'PUT', '/sys/quartzJob/edit'],
    ['delete', 'DELETE', '/sys/quartzJob/delete?id=x'],
    ['deleteBatch', 'DELETE', '/sys/quartzJob/deleteBatch?ids=x'],
    ['exportXls', 'GET', '/sys/quartzJob/exportXls'],
    ['importExcel', 'POST', '/sys/quartzJob/importExcel'],
    ['pause', 'GET', '/sys/quartzJob/pause?id=x'],
    ['resume', 'GET', '/sys/quartzJob/resume?id=x'],
    ['execute', 'GET', '/sys/quartzJob/execute?id=x'],
    ['runs', 'GET', '/sys/quartzJob/runs?jobId=x'],
    ['handlers', 'GET', '/sys/quartzJob/handlers'],
  ];

  it.each(calls)('%s: 510 for a staff account, 401 without a token', async (_name, method, path) => {
    const body =
      method === 'POST' || method === 'PUT'
        ? { jobClassName: 'test.CountJob', cronExpression: '0/1 * * * * ?', status: 0 }
        : undefined;
    const r = await t.call(method, path, { token: staff, body });
    expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect((await t.call(method, path, { body })).status).toBe(401);
    expect(await jobByClass('test.CountJob')).toBeUndefined();
  });

  it('a missing job is refused by stop, start and run once', async () => {
    for (const op of ['pause', 'resume', 'execute'])
      expect((await A().get(`/sys/quartzJob/${op}`, { id: 'nope' })).body).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
  });
});

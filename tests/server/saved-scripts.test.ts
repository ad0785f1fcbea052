import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_MSG, scriptJobClass } from '../../src/shared/resources/saved-script.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { sysPermission, sysRole, sysRolePermission, sysUser } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * 保存的脚本 through the API: each user reaches only their own; a run (now or scheduled) executes
 * the script on the server as its owner through the command executor, with the owner's permissions
 * as they are when it runs; every run's output or error is kept (the script's job history).
 */
let t: TestApp;
let admin: string;
let operator: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, staff] = await Promise.all([t.login('admin'), t.login('yunying'), t.login('yuangong')]);
});
afterAll(async () => t?.close());

type Run = { id: string; status: string; trigger: string; result: string | null; error: string | null };

const as = (token: string) => ({
  get: (path: string, query: Record<string, string> = {}) =>
    t.call('GET', `/sys/savedScript${path}`, { token, query }),
  post: (path: string, body: unknown) => t.call('POST', `/sys/savedScript${path}`, { token, body }),
  put: (path: string, body: unknown) => t.call('PUT', `/sys/savedScript${path}`, { token, body }),
  del: (path: string, query: Record<string, string>) =>
    t.call('DELETE', `/sys/savedScript${path}`, { token, query }),
});

async function save(token: string, row: Record<string, string>): Promise<string> {
  const added = await as(token).post('/add', row);
  expect(added.body).toMatchObject({ success: true });
  const list = await as(token).get('/list', { name: row.name! });
  return (list.body.result.records as Array<{ id: string; name: string }>).find((r) => r.name === row.name)!
    .id;
}

/** A script's runs, polled until `until` holds (bounded by count, not by time). */
async function runsUntil(token: string, id: string, until: (runs: Run[]) => boolean): Promise<Run[]> {
  let runs: Run[] = [];
  for (let i = 0; i < 600; i++) {
    runs = (await as(token).get('/runs', { id, pageSize: '50' })).body.result.records;
    if (until(runs)) return runs;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`runs never matched: ${JSON.stringify(runs)}`);
}

/** Run now and wait for the run's end. */
async function runNow(token: string, id: string, params?: string): Promise<Run> {
  const started = await as(token).post('/run', { id, ...(params ? { params } : {}) });
  expect(started.body).toMatchObject({ success: true, message: SCRIPT_MSG.started });
  const runId = started.body.result.runId as string;
  const runs = await runsUntil(token, id, (rs) => rs.some((r) => r.id === runId && r.status !== 'running'));
  return runs.find((r) => r.id === runId)!;
}

/** Take a permission code away from the 运营专员 role (the seed grants it). */
async function revokeFromOperator(code: string) {
  const db = t.database.db;
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'operator'));
  const perms = db.select({ id: sysPermission.id }).from(sysPermission).where(eq(sysPermission.perms, code));
  await db
    .delete(sysRolePermission)
    .where(and(eq(sysRolePermission.roleId, role!.id), inArray(sysRolePermission.permissionId, perms)));
}

describe('/sys/savedScript', () => {
  it('saves a script per user: names unique per owner, parameters checked, nobody reaches another’s', async () => {
    const mine = await save(admin, {
      name: 'positions',
      title: '职务',
      script: 'position list --json | head 1',
    });
    expect(
      (await as(admin).post('/add', { name: 'positions', title: '重复', script: 'x' })).body,
    ).toMatchObject({
      success: false,
      message: SCRIPT_MSG.nameTaken,
    });
    expect(
      (await as(admin).post('/add', { name: 'bad', title: '参数', script: 'x', params: 'a b' })).body.success,
    ).toBe(false);
    // another owner may use the same name
    const theirs = await save(operator, {
      name: 'positions',
      title: '我的',
      script: 'technician list --json | head 1',
    });
    expect(theirs).not.toBe(mine);

    const operatorList = (await as(operator).get('/list')).body.result.records as Array<{ id: string }>;
    expect(operatorList.map((r) => r.id)).toEqual([theirs]);
    expect((await as(operator).get('/queryById', { id: mine })).body.success).toBe(false);
    expect((await as(operator).put('/edit', { id: mine, title: '改' })).body.success).toBe(false);
    expect((await as(operator).del('/delete', { id: mine })).body.success).toBe(false);
    expect((await as(operator).post('/run', { id: mine })).body).toMatchObject({
      success: false,
      message: '脚本不存在',
    });
    expect(
      (await as(operator).post('/schedule', { id: mine, cronExpression: '0 0 8 * * ?' })).body.success,
    ).toBe(false);
    // without the codes at all
    expect((await as(staff).get('/list')).body.success).not.toBe(true);
    expect((await as(admin).get('/queryById', { id: mine })).body.result.title).toBe('职务');
  });

  it('runs a script now as its owner and keeps the output; a failing statement fails the run', async () => {
    const id = await save(admin, {
      name: 'unpaid',
      title: '未支付订单',
      script: 'order close-unpaid --older $age --dry-run\nposition list --csv | head 2',
      params: 'age=30m',
    });
    const ok = await runNow(admin, id, 'age=2h');
    expect(ok).toMatchObject({ status: 'ok', trigger: 'manual' });
    expect(ok.result).toContain('演练');
    expect(ok.result).toContain('职务编码');

    expect((await as(admin).post('/run', { id, params: 'nope=1' })).body).toMatchObject({
      success: false,
      message: SCRIPT_MSG.unknownParam('nope'),
    });

    const failing = await save(admin, {
      name: 'failing',
      title: '失败',
      script: 'position list | head 1\nnosuch thing',
    });
    const failed = await runNow(admin, failing);
    expect(failed.status).toBe('error');
    expect(failed.error).toContain('未知命令: nosuch thing');
    expect(failed.error).toContain('以用户 admin 的权限运行');

    // a question cannot be answered on the server: the script says --yes, or the run fails
    const asking = await save(admin, {
      name: 'asking',
      title: '确认',
      script: 'order close-unpaid --older 1d',
    });
    const refused = await runNow(admin, asking);
    expect(refused.status).toBe('error');
    expect(refused.error).toContain('--yes');
    // a command of the page is refused
    const paged = await save(admin, { name: 'paged', title: '页签', script: 'tab close' });
    expect((await runNow(admin, paged)).error).toContain('需要在网页控制台中运行');
  });

  it('runs on the schedule as the owner, and fails once the owner lost a permission the script needs', async () => {
    const id = await save(operator, {
      name: 'techs',
      title: '技师',
      script: 'technician list --csv | head 1',
    });
    const scheduled = await as(operator).post('/schedule', { id, cronExpression: '*/1 * * * * ?' });
    expect(scheduled.body).toMatchObject({ success: true, message: SCRIPT_MSG.scheduled('*/1 * * * * ?') });
    expect((await as(operator).get('/queryById', { id })).body.result.cron).toBe('*/1 * * * * ?');
    // the 定时任务 screen shows the schedule
    const jobs = await t.call('GET', '/sys/quartzJob/list', {
      token: admin,
      query: { jobClassName: scriptJobClass(id) },
    });
    expect(jobs.body.result.records[0]).toMatchObject({ status: 0, cronExpression: '*/1 * * * * ?' });

    const fired = await runsUntil(operator, id, (rs) =>
      rs.some((r) => r.trigger === 'cron' && r.status === 'ok'),
    );
    const first = fired.find((r) => r.trigger === 'cron' && r.status === 'ok')!;
    expect(first.result).toContain('姓名');

    await revokeFromOperator(PERM.technician.list);
    const after = await runsUntil(operator, id, (rs) =>
      rs.some((r) => r.trigger === 'cron' && r.status === 'error'),
    );
    const denied = after.find((r) => r.trigger === 'cron' && r.status === 'error')!;
    expect(denied.error).toContain('「technician list --csv | head 1」失败：没有权限，请联系管理员授权');
    expect(denied.error).toContain('以用户 yunying 的权限运行');
    // the history keeps both
    expect(after.some((r) => r.id === first.id && r.status === 'ok')).toBe(true);

    const off = await as(operator).post('/schedule', { id, cronExpression: null });
    expect(off.body).toMatchObject({ success: true, message: SCRIPT_MSG.unscheduled });
    expect((await as(operator).get('/queryById', { id })).body.result.cron).toBeNull();
    expect(t.app.scheduler.schedule().has(jobs.body.result.records[0].id)).toBe(false);
  });

  it('refuses a run once the owner may no longer run scripts, or no longer signs in', async () => {
    const id = await save(operator, { name: 'posts', title: '职务', script: 'position list | head 1' });
    expect(
      (await as(operator).post('/schedule', { id, cronExpression: '0 0 1 1 1 ? 2099' })).body.success,
    ).toBe(true);
    const jobQuery = { jobClassName: scriptJobClass(id) };
    const [row] = (await t.call('GET', '/sys/quartzJob/list', { token: admin, query: jobQuery })).body.result
      .records;
    expect(row).toMatchObject({ status: 0 });
    // on 定时任务 nobody else makes or changes a script's job (it runs as the owner)
    const refusedAdd = await t.call('POST', '/sys/quartzJob/add', {
      token: admin,
      body: {
        jobClassName: scriptJobClass('0123456789abcdef0123456789abcdef'),
        cronExpression: '0 0 1 * * ?',
      },
    });
    expect(refusedAdd.body).toMatchObject({
      success: false,
      message: '脚本的定时任务请在「保存的脚本」中设置',
    });
    const refusedEdit = await t.call('PUT', '/sys/quartzJob/edit', {
      token: admin,
      body: { id: row.id, parameter: 'x=1' },
    });
    expect(refusedEdit.body.success).toBe(false);

    await revokeFromOperator(PERM.savedScript.run);
    // the owner cannot start it any more
    expect((await as(operator).post('/run', { id })).body.success).toBe(false);
    // nor does the administrator reach yunying's script itself
    expect((await as(admin).get('/runs', { id })).body).toMatchObject({
      success: false,
      message: '脚本不存在',
    });
    // its job run now from 定时任务 runs as the owner, and is refused as the owner
    const history = async () =>
      (await t.call('GET', '/sys/quartzJob/runs', { token: admin, query: { jobId: row.id } })).body.result
        .records as Run[];
    const settled = async (n: number) => {
      for (let i = 0; i < 200; i++) {
        const runs = await history();
        if (runs.length >= n && runs.every((r) => r.status !== 'running')) return runs;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the runs did not end');
    };
    expect(
      (await t.call('GET', '/sys/quartzJob/execute', { token: admin, query: { id: row.id } })).body.success,
    ).toBe(true);
    const [refused] = await settled(1);
    expect(refused).toMatchObject({ status: 'error' });
    expect(refused!.error).toBe(SCRIPT_MSG.failedAt('posts', '没有权限，请联系管理员授权', 'yunying'));

    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'yunying'));
    await t.call('GET', '/sys/quartzJob/execute', { token: admin, query: { id: row.id } });
    const all = await settled(2);
    expect(all.some((r) => r.error === SCRIPT_MSG.ownerGone('yunying'))).toBe(true);
  });
});

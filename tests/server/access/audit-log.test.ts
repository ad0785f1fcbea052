import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysLog } from '../../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let userId: string;
const SECRET = 'Very$ecret99';

type LogRow = typeof sysLog.$inferSelect;
const operationLogs = async (): Promise<LogRow[]> =>
  t.database.db.select().from(sysLog).where(eq(sysLog.logType, 2));
const logsOf = async (requestUrl: string) =>
  t.database.db
    .select()
    .from(sysLog)
    .where(and(eq(sysLog.logType, 2), eq(sysLog.requestUrl, requestUrl)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('the operation log (logType 2) of API writes', () => {
  it('is empty before any write; reads are not logged', async () => {
    await t.call('GET', '/sys/user/list', { token: admin });
    expect(await operationLogs()).toEqual([]);
  });

  it('records adding, editing, freezing, resetting and deleting a user, without secrets', async () => {
    const body = { username: 'audit_one', realname: '审计', password: SECRET, confirmpassword: SECRET };
    expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
    const list = await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'audit_one' } });
    userId = list.body.result.records[0].id;
    await t.call('PUT', '/sys/user/edit', { token: admin, body: { id: userId, realname: '审计二' } });
    await t.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: userId, status: '2' } });
    await t.call('PUT', '/sys/user/changePassword', {
      token: admin,
      body: { username: 'audit_one', password: SECRET, confirmpassword: SECRET },
    });
    await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: userId } });

    const [add] = await logsOf('/sys/user/add');
    expect(add).toMatchObject({
      logType: 2,
      operateType: 2,
      username: '管理员',
      createBy: 'admin',
      requestType: 'POST',
      logContent: 'POST /sys/user/add 成功：添加成功！',
    });
    expect(add!.ip).toBeTruthy();
    expect(add!.costTime).toEqual(expect.any(Number));
    expect(JSON.parse(add!.requestParam!)).toMatchObject({
      body: { username: 'audit_one', realname: '审计', password: '***', confirmpassword: '***' },
    });
    expect((await logsOf('/sys/user/edit'))[0]).toMatchObject({ operateType: 3, requestType: 'PUT' });
    expect((await logsOf('/sys/user/frozenBatch'))[0]!.requestParam).toContain(userId);
    expect((await logsOf('/sys/user/delete'))[0]).toMatchObject({
      operateType: 4,
      logContent: 'DELETE /sys/user/delete 成功：删除用户成功',
    });
    expect(await logsOf('/sys/user/changePassword')).toHaveLength(1);
    // no secret anywhere in the log: neither the password nor the session token
    for (const row of await operationLogs()) {
      const text = JSON.stringify(row);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(admin);
    }
  });

  it('records a refused or failed write as such', async () => {
    const staff = await (async () => {
      const body = { username: 'audit_staff', realname: '无权', password: SECRET, confirmpassword: SECRET };
      await t.call('POST', '/sys/user/add', { token: admin, body });
      return t.login('audit_staff', SECRET);
    })();
    await t.call('PUT', '/sys/user/frozenBatch', { token: staff, body: { ids: userId, status: '2' } });
    await t.call('POST', '/sys/user/add', { token: admin, body: { username: '!' } });
    const refused = (await logsOf('/sys/user/frozenBatch')).find((r) => r.createBy === 'audit_staff');
    expect(refused!.logContent).toBe('PUT /sys/user/frozenBatch 失败：没有权限，请联系管理员授权');
    const failed = (await logsOf('/sys/user/add')).filter((r) => r.logContent!.includes('失败'));
    expect(failed).toHaveLength(1);
  });

  it('does not log anonymous calls or calls without a valid token', async () => {
    const before = (await operationLogs()).length;
    await t.call('POST', '/sys/login', { body: { username: 'admin', password: 'wrong-one' } });
    await t.call('PUT', '/sys/user/frozenBatch', { token: 'nope', body: { ids: userId, status: '2' } });
    expect((await operationLogs()).length).toBe(before);
  });

  it('the log page lists the entries (GET /sys/log/list?logType=2)', async () => {
    const r = await t.call('GET', '/sys/log/list', {
      token: admin,
      query: { logType: '2', keyWord: 'frozenBatch', pageSize: '50' },
    });
    expect(r.body.success).toBe(true);
    expect(r.body.result.records.length).toBeGreaterThanOrEqual(2);
    expect(r.body.result.records[0]).toMatchObject({ logType: 2, logType_dictText: '操作日志' });
  });
});

describe('POST /sys/log/command', () => {
  it('records a command run with its source, outcome and masked arguments', async () => {
    const r = await t.call('POST', '/sys/log/command', {
      token: admin,
      body: {
        id: 'user.resetPassword',
        source: 'terminal',
        args: { username: 'audit_one', password: SECRET },
        durationMs: 12,
        outcome: 'ok',
      },
    });
    expect(r.body).toMatchObject({ success: true });
    const [row] = await logsOf('command:user.resetPassword');
    expect(row).toMatchObject({
      logType: 2,
      requestType: 'command',
      method: 'command user.resetPassword terminal',
      costTime: 12,
      logContent: '命令 user resetPassword（terminal）成功',
      createBy: 'admin',
    });
    expect(row!.requestParam).not.toContain(SECRET);
    // the entry itself is not logged a second time as an API write
    expect(await logsOf('/sys/log/command')).toEqual([]);
  });

  it('refuses bad input and anonymous callers', async () => {
    const bad = await t.call('POST', '/sys/log/command', {
      token: admin,
      body: { id: 'x; drop table', source: 'terminal', outcome: 'ok' },
    });
    expect(bad.body).toMatchObject({ success: false });
    const unknownSource = await t.call('POST', '/sys/log/command', {
      token: admin,
      body: { id: 'user.list', source: 'mars', outcome: 'ok' },
    });
    expect(unknownSource.body.success).toBe(false);
    const anon = await t.call('POST', '/sys/log/command', {
      body: { id: 'user.list', source: 'terminal', outcome: 'ok' },
    });
    expect(anon.status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import { serverHarness } from '../commands/server-harness.ts';
import { sysTenant, sysUser } from '../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../src/shared/api.ts';

/** 租户管理: the generated family over sys_tenant, its extra reads, and the tenant headers. */
let t: TestApp;
let admin: string;
let roleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  roleId = await roleWithout(t, 'tenant_admin');
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: Parameters<TestApp['call']>[2],
) => t.call(method, `/sys/tenant${path}`, opts);
const tenantRow = async (id: number) =>
  (await t.database.db.select().from(sysTenant).where(eq(sysTenant.id, id)))[0];

describe('tenant CRUD', () => {
  it('adds a tenant with the next free id, or the 租户编号 given', async () => {
    const r = await call('POST', '/add', { token: admin, body: { name: '城西租户', status: 1 } });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await tenantRow(2)).toMatchObject({ name: '城西租户', status: 1, createBy: 'admin' });
    const given = await call('POST', '/add', {
      token: admin,
      body: { id: 7, name: '七号租户', status: '0', beginDate: '2026-01-01', endDate: '2026-12-31' },
    });
    expect(given.body).toMatchObject({ success: true });
    expect(await tenantRow(7)).toMatchObject({ name: '七号租户', status: 0, endDate: '2026-12-31' });
  });

  it.each([
    [{ status: 1 }, '请输入租户名称'],
    [{ name: '坏状态', status: 5 }, '状态取值无效'],
    [{ name: '坏编号', id: 'abc', status: 1 }, '租户编号须为正整数'],
    [{ name: '重复编号', id: 7, status: 1 }, '该租户编号已存在'],
    [{ name: '倒序', status: 1, beginDate: '2026-05-01', endDate: '2026-04-01' }, '结束时间不能早于开始时间'],
    [{ name: '坏日期', status: 1, beginDate: '2026-02-30' }, '开始时间格式应为YYYY-MM-DD'],
  ])('refuses a bad add %j', async (body, message) => {
    const r = await call('POST', '/add', { token: admin, body });
    expect(r.body).toMatchObject({ success: false, message });
  });

  it('checks an edit’s dates as they will be stored: a date sent empty is cleared, not the old one', async () => {
    // 七号租户 runs 2026-01-01 … 2026-12-31: clearing the end and moving the start past it is fine
    const cleared = await call('PUT', '/edit', {
      token: admin,
      body: { id: 7, beginDate: '2027-03-01', endDate: null },
    });
    expect(cleared.body).toMatchObject({ success: true });
    expect(await tenantRow(7)).toMatchObject({ beginDate: '2027-03-01', endDate: null });
    // an end before the stored start is still refused
    const before = await call('PUT', '/edit', { token: admin, body: { id: 7, endDate: '2027-01-01' } });
    expect(before.body).toMatchObject({ success: false, message: '结束时间不能早于开始时间' });
    await call('PUT', '/edit', {
      token: admin,
      body: { id: 7, beginDate: '2026-01-01', endDate: '2026-12-31' },
    });
    expect(await tenantRow(7)).toMatchObject({ beginDate: '2026-01-01', endDate: '2026-12-31' });
  });

  it('lists, reads and edits tenants with integer ids (as the Vue client sends them)', async () => {
    const list = await call('GET', '/list', { token: admin, query: { pageSize: '50' } });
    const names = list.body.result.records.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['总部租户', '城西租户', '七号租户']));
    const row = list.body.result.records.find((r: { id: number }) => r.id === 7);
    expect(row).toMatchObject({ id: 7, status: 0, status_dictText: '冻结' });
    const edit = await call('PUT', '/edit', { token: admin, body: { id: 7, name: '七号租户改', status: 1 } });
    expect(edit.body).toMatchObject({ success: true });
    const byId = await call('GET', '/queryById', { token: admin, query: { id: '7' } });
    expect(byId.body.result).toMatchObject({ id: 7, name: '七号租户改', status: 1 });
    // a text id names no tenant: not found, never a server error
    for (const id of ['abc', '1;drop', '-1']) {
      const r = await call('GET', '/queryById', { token: admin, query: { id } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, message: '未找到对应实体' });
    }
    const badFilter = await call('GET', '/list', { token: admin, query: { id: 'abc' } });
    expect(badFilter.status).toBeLessThan(500);
  });

  it('queryList answers the active tenants (of ids), getCurrentUserTenant the caller’s', async () => {
    const all = await call('GET', '/queryList', { token: admin });
    expect(all.body.result.map((r: { id: number }) => r.id)).toEqual([1, 2, 7]);
    const some = await call('GET', '/queryList', { token: admin, query: { ids: '2,x' } });
    expect(some.body.result.map((r: { id: number }) => r.id)).toEqual([2]);
    const mine = await call('GET', '/getCurrentUserTenant', { token: admin });
    expect(mine.body.result.list.map((r: { id: number }) => r.id)).toEqual([1]);
  });

  it('keeps a tenant users still belong to; deleteBatch deletes the others', async () => {
    await addUser(t, admin, 'tenant7user', { roleId, tenants: '7' });
    const one = await call('DELETE', '/delete', { token: admin, query: { id: '7' } });
    expect(one.body).toMatchObject({ success: false, message: '选择的租户都已被引用，无法删除！' });
    await call('POST', '/add', { token: admin, body: { id: 9, name: '九号租户', status: 1 } });
    const batch = await call('DELETE', '/deleteBatch', { token: admin, query: { ids: '7,9' } });
    expect(batch.body).toMatchObject({ success: true });
    expect(batch.body.message).toContain('七号租户改');
    expect(await tenantRow(9)).toBeUndefined();
    expect(await tenantRow(7)).toBeDefined();
    const none = await call('DELETE', '/deleteBatch', { token: admin, query: { ids: '7' } });
    expect(none.body).toMatchObject({ success: false, message: '选择的租户都已被引用，无法删除！' });
    await call('POST', '/add', { token: admin, body: { id: 10, name: '十号租户', status: 1 } });
    const free = await call('DELETE', '/delete', { token: admin, query: { id: '10' } });
    expect(free.body).toMatchObject({ success: true, message: '删除成功!' });
  });

  it('refuses callers without the tenant permissions', async () => {
    const operator = await t.login('yunying');
    for (const [method, path] of [
      ['GET', '/list'],
      ['POST', '/add'],
      ['PUT', '/edit'],
      ['DELETE', '/delete'],
    ] as const) {
      const r = await call(method, path, {
        token: operator,
        body: method === 'GET' ? undefined : { name: 'x' },
      });
      expect(r.body, `${method} ${path}`).toMatchObject({ success: false, code: CODE.NO_AUTH });
    }
    expect((await call('GET', '/list', {})).status).toBe(401);
  });

  it('shows a tenant-bound administrator only the tenants they belong to', async () => {
    await addUser(t, admin, 'west_admin', { roleId, tenants: '2' });
    const token = await loginAdded(t, 'west_admin');
    const list = await call('GET', '/list', { token, query: { pageSize: '50' } });
    expect(list.body.result.records.map((r: { id: number }) => r.id)).toEqual([2]);
    const other = await call('GET', '/queryById', { token, query: { id: '1' } });
    expect(other.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const edit = await call('PUT', '/edit', { token, body: { id: 1, name: '被改了' } });
    expect(edit.body).toMatchObject({ success: false });
    expect((await tenantRow(1))!.name).toBe('总部租户');
    const choices = await call('GET', '/queryList', { token });
    expect(choices.body.result.map((r: { id: number }) => r.id)).toEqual([2]);
  });
});

describe('tenant headers', () => {
  let token: string;
  beforeAll(async () => {
    await addUser(t, admin, 'two_tenants', { roleId, tenants: '1,2' });
    token = await loginAdded(t, 'two_tenants');
  });
  const users = async (headers: Record<string, string>, as = token) =>
    t.call('GET', '/sys/user/list', { token: as, headers, query: { pageSize: '100' } });
  const names = (r: Awaited<ReturnType<typeof users>>) =>
    (r.body.result.records as Array<{ username: string }>).map((u) => u.username);

  it('reads the tenant from tenant-id (JeecgBoot 3.3) and X-Tenant-Id (later)', async () => {
    for (const header of ['tenant-id', 'X-Tenant-Id']) {
      const west = await users({ [header]: '2' });
      expect(west.status).toBe(200);
      expect(names(west)).toContain('west_admin');
      expect(names(west)).not.toContain('yunying');
      const hq = await users({ [header]: '1' });
      expect(names(hq)).toContain('yunying');
      expect(names(hq)).not.toContain('west_admin');
    }
    // no tenant named (0 or none): every tenant of the caller
    for (const headers of [{}, { 'tenant-id': '0' }, { 'x-tenant-id': '0' }] as Array<
      Record<string, string>
    >) {
      const both = names(await users(headers));
      expect(both).toEqual(expect.arrayContaining(['yunying', 'west_admin']));
    }
  });

  it('refuses a tenant the caller does not belong to, garbage, and two different tenants', async () => {
    await t.call('POST', '/sys/tenant/add', { token: admin, body: { id: 3, name: '三号租户', status: 1 } });
    for (const headers of [
      { 'tenant-id': '3' },
      { 'X-Tenant-Id': '3' },
      { 'tenant-id': 'abc' },
      { 'tenant-id': '1', 'X-Tenant-Id': '2' },
    ] as Array<Record<string, string>>) {
      const r = await users(headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(r.body.message).toBe(MSG.tenantChanged);
    }
    // the same tenant under both names is one tenant
    expect((await users({ 'tenant-id': '2', 'X-Tenant-Id': '2' })).status).toBe(200);
  });

  it('lets the cross-tenant administrator name any tenant, and still reach every tenant', async () => {
    // the tenant named is only where new rows go: the administrator's screens see every tenant
    const named = names(await users({ 'X-Tenant-Id': '2' }, admin));
    expect(named).toEqual(expect.arrayContaining(['yunying', 'west_admin']));
    expect((await users({ 'tenant-id': '99' }, admin)).status).toBe(200);
    // and so without a tenant: every user, those of no tenant too
    const all = names(await users({}, admin));
    expect(all).toEqual(expect.arrayContaining(['yunying', 'west_admin']));
    await t.database.db.update(sysUser).set({ relTenantIds: null }).where(eq(sysUser.username, 'caiwu'));
    expect(names(await users({}, admin))).toContain('caiwu');
    expect(names(await users({}))).not.toContain('caiwu');
  });
});

describe('tenant commands (generated from the declaration)', () => {
  it('tenant add, list, edit and delete through the terminal', async () => {
    const h = await serverHarness('admin', { app: t });
    const add = await h.terminal('tenant add 城北租户 --status 1');
    expect(add.results[0]?.status, add.out).toBe('ok');
    const [row] = await t.database.db.select().from(sysTenant).where(eq(sysTenant.name, '城北租户'));
    expect(row).toMatchObject({ status: 1 });
    const list = await h.terminal('tenant list');
    expect(list.out).toContain('城北租户');
    const edit = await h.terminal(`tenant edit ${row!.id} --name 城北租户二`);
    expect(edit.results[0]?.status, edit.out).toBe('ok');
    expect((await tenantRow(row!.id))!.name).toBe('城北租户二');
    const dry = await h.terminal(`tenant delete ${row!.id} --dry-run`);
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(await tenantRow(row!.id)).toBeDefined();
    const del = await h.terminal(`tenant delete ${row!.id} --yes`);
    expect(del.results[0]?.status, del.out).toBe('ok');
    expect(await tenantRow(row!.id)).toBeUndefined();
    expect(h.permissionMismatches()).toEqual([]);
  });
});

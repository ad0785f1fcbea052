import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import { serverHarness } from '../commands/server-harness.ts';
import { sysDepart, sysUser, yyGoods, yyUser } from '../../src/server/db/schema/index.ts';
import { CUSTOMER, CUSTOMER_ADDRESSES } from '../../src/shared/resources/customer.ts';
import { GOODS } from '../../src/shared/resources/goods.ts';

/**
 * Tenant isolation (src/server/lib/access/tenant-scope.ts): a user of tenant A (hq, tenant 1) and one of
 * tenant B (west, tenant 2), both holding every permission but `tenant:all`, never reach each
 * other's customers, goods or users, by list, queryById, edit, delete, export, dictionary lookups
 * or terminal commands; the administrator reaches both.
 */
let t: TestApp;
let admin: string;
let hq: string;
let west: string;
const ids = { hqCustomer: '', westCustomer: '', hqGoods: '', hqUser: '', westUser: '' };

const customer = CUSTOMER.endpoints;
const goods = GOODS.endpoints;
const customerRow = async (id: string) =>
  (await t.database.db.select().from(yyUser).where(eq(yyUser.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } });
  const roleId = await roleWithout(t, 'tenant_admin');
  ids.hqUser = await addUser(t, admin, 'hq_admin', { roleId, tenants: '1', phone: '13700000001' });
  ids.westUser = await addUser(t, admin, 'west_admin', { roleId, tenants: '2', phone: '13700000002' });
  hq = await loginAdded(t, 'hq_admin');
  west = await loginAdded(t, 'west_admin');
  const add = async (token: string, nickname: string, mobile: string) => {
    const r = await t.call('POST', customer.add.path, { token, body: { nickname, mobile } });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    return (await t.database.db.select().from(yyUser).where(eq(yyUser.mobile, mobile)))[0]!.id;
  };
  ids.hqCustomer = await add(hq, '总部客户甲', '13811110001');
  ids.westCustomer = await add(west, '城西客户乙', '13811110002');
  const g = await t.call('POST', goods.add.path, {
    token: hq,
    body: { name: '总部精油', category: '1', price: '10', stock: 5, status: '1' },
  });
  expect(g.body).toMatchObject({ success: true });
  ids.hqGoods = (await t.database.db.select().from(yyGoods).where(eq(yyGoods.name, '总部精油')))[0]!.id;
});
afterAll(async () => t?.close());

const listNames = async (token: string, query: Record<string, string> = {}) => {
  const r = await t.call('GET', customer.list.path, { token, query: { pageSize: '500', ...query } });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return (r.body.result.records as Array<{ nickname: string }>).map((c) => c.nickname);
};

describe('customers and goods of another tenant', () => {
  it('stamps new rows with the writer’s tenant', async () => {
    expect((await customerRow(ids.hqCustomer))!.tenantId).toBe(1);
    expect((await customerRow(ids.westCustomer))!.tenantId).toBe(2);
  });

  it('are not listed, read, edited or deleted', async () => {
    expect(await listNames(west)).toEqual(['城西客户乙']);
    const hqNames = await listNames(hq);
    expect(hqNames).toContain('总部客户甲');
    expect(hqNames).not.toContain('城西客户乙');
    // asked for by id, filtered by name, or super-queried: still not there
    expect(await listNames(west, { id: ids.hqCustomer })).toEqual([]);
    expect(await listNames(west, { nickname: '总部客户甲' })).toEqual([]);
    const byId = await t.call('GET', customer.queryById.path, { token: west, query: { id: ids.hqCustomer } });
    expect(byId.body).toMatchObject({ success: false });
    const edit = await t.call('PUT', customer.edit.path, {
      token: west,
      body: { id: ids.hqCustomer, nickname: '被城西改了' },
    });
    expect(edit.body).toMatchObject({ success: false });
    expect((await customerRow(ids.hqCustomer))!.nickname).toBe('总部客户甲');
    const del = await t.call('DELETE', customer.delete.path, { token: west, query: { id: ids.hqCustomer } });
    expect(del.body).toMatchObject({ success: false });
    await t.call('DELETE', customer.deleteBatch.path, {
      token: west,
      query: { ids: `${ids.hqCustomer},${ids.westCustomer}` },
    });
    expect(await customerRow(ids.hqCustomer)).toBeDefined();
    expect(await customerRow(ids.westCustomer)).toBeUndefined();
    const addresses = await t.call('GET', CUSTOMER_ADDRESSES.path, {
      token: west,
      query: { id: ids.hqCustomer },
    });
    expect(addresses.body.result).toEqual([]);
    const goodsById = await t.call('GET', goods.queryById.path, { token: west, query: { id: ids.hqGoods } });
    expect(goodsById.body).toMatchObject({ success: false, message: '商品不存在' });
    const goodsList = await t.call('GET', goods.list.path, { token: west, query: { pageSize: '500' } });
    expect(goodsList.body.result.total).toBe(0);
  });

  it('are not exported', async () => {
    const sheet = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/jeecg-boot${customer.exportXls.path}`,
        headers: { 'x-access-token': token },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      wb.worksheets[0]!.eachRow((row) => row.eachCell((c) => void cells.push(String(c.value ?? ''))));
      return cells;
    };
    await t.call('POST', customer.add.path, {
      token: west,
      body: { nickname: '城西客户丙', mobile: '13811110003' },
    });
    const westCells = await sheet(west);
    expect(westCells).toContain('城西客户丙');
    expect(westCells).not.toContain('总部客户甲');
    const adminCells = await sheet(admin);
    expect(adminCells).toEqual(expect.arrayContaining(['城西客户丙', '总部客户甲']));
  });

  it('are not offered by table dictionaries', async () => {
    const r = await t.call('GET', '/sys/dict/loadDict/yy_user,nickname,id', {
      token: west,
      query: { keyword: '客户', pageSize: '100' },
    });
    const texts = (r.body.result as Array<{ text: string }>).map((i) => i.text);
    expect(texts).toContain('城西客户丙');
    expect(texts).not.toContain('总部客户甲');
  });

  it('the administrator (tenant:all) reaches every tenant’s rows', async () => {
    const all = await listNames(admin);
    expect(all).toEqual(expect.arrayContaining(['总部客户甲', '城西客户丙']));
  });

  it('a user of no tenant reaches no tenant-owned row and cannot add one', async () => {
    const roleId = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'hq_admin')))[0]!;
    expect(roleId).toBeDefined();
    const nobodyRole = await roleWithout(t, 'no_tenant_role');
    await addUser(t, admin, 'no_tenant', { roleId: nobodyRole, tenants: null });
    const token = await loginAdded(t, 'no_tenant');
    expect(await listNames(token)).toEqual([]);
    const add = await t.call('POST', customer.add.path, {
      token,
      body: { nickname: '无主', mobile: '13811110009' },
    });
    expect(add.body).toMatchObject({ success: false, message: '当前用户未关联租户，无法新增数据' });
  });
});

describe('users of another tenant', () => {
  const usernames = async (token: string) => {
    const r = await t.call('GET', '/sys/user/list', { token, query: { pageSize: '200' } });
    return (r.body.result.records as Array<{ username: string }>).map((u) => u.username);
  };

  it('are not listed, read, edited, frozen or deleted', async () => {
    const seen = await usernames(west);
    expect(seen).toContain('west_admin');
    expect(seen).not.toContain('hq_admin');
    expect(seen).not.toContain('admin');
    const byId = await t.call('GET', '/sys/user/queryById', { token: west, query: { id: ids.hqUser } });
    expect(byId.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const edit = await t.call('PUT', '/sys/user/edit', {
      token: west,
      body: { id: ids.hqUser, realname: '被城西改了' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const frozen = await t.call('PUT', '/sys/user/frozenBatch', {
      token: west,
      body: { ids: ids.hqUser, status: 2 },
    });
    expect(frozen.body).toMatchObject({ success: false });
    const del = await t.call('DELETE', '/sys/user/delete', { token: west, query: { id: ids.hqUser } });
    expect(del.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const row = (await t.database.db.select().from(sysUser).where(eq(sysUser.id, ids.hqUser)))[0]!;
    expect(row).toMatchObject({ realname: '用户hq_admin', status: 1, delFlag: 0 });
    const reset = await t.call('PUT', '/sys/user/changePassword', {
      token: west,
      body: { username: 'hq_admin', password: 'Taken-Over-1!', confirmpassword: 'Taken-Over-1!' },
    });
    expect(reset.body).toMatchObject({ success: false, message: '用户不存在' });
  });

  it('are not listed among a department’s users, nor added to a department', async () => {
    const [depart] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, 'A01'));
    const hqUser = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'yunying')))[0]!;
    await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: admin,
      body: { depId: depart!.id, userIdList: [hqUser.id] },
    });
    const list = async (token: string) => {
      const r = await t.call('GET', '/sys/user/departUserList', {
        token,
        query: { depId: depart!.id, pageSize: '100' },
      });
      return (r.body.result.records as Array<{ username: string }>).map((u) => u.username);
    };
    expect(await list(admin)).toContain('yunying');
    expect(await list(west)).not.toContain('yunying');
    const add = await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: west,
      body: { depId: depart!.id, userIdList: [ids.hqUser] },
    });
    expect(add.body).toMatchObject({ success: false, message: '所选用户不存在' });
  });

  it('are not listed among the online users, nor forced out', async () => {
    const online = async (token: string) => {
      const r = await t.call('GET', '/sys/online/list', { token, query: { pageSize: '100' } });
      return r.body.result.records as Array<{ username: string; id: string }>;
    };
    const seenByAdmin = await online(admin);
    const hqSession = seenByAdmin.find((s) => s.username === 'hq_admin');
    expect(hqSession).toBeDefined();
    expect((await online(west)).map((s) => s.username)).not.toContain('hq_admin');
    const out = await t.call('POST', '/sys/online/forceLogout', {
      token: west,
      body: { token: hqSession!.id },
    });
    expect(out.body).toMatchObject({ success: false });
    const still = await t.call('GET', '/sys/user/list', { token: hq, query: { pageSize: '1' } });
    expect(still.status).toBe(200);
  });

  it('cannot be given a tenant the writer does not belong to; unreached tenants of a user stay', async () => {
    await t.call('POST', '/sys/tenant/add', { token: admin, body: { id: 5, name: '五号租户', status: 1 } });
    const shared = await addUser(t, admin, 'shared_user', { tenants: '2,5' });
    const grab = await t.call('PUT', '/sys/user/edit', {
      token: west,
      body: { id: shared, realname: '共享', relTenantIds: '1,2' },
    });
    expect(grab.body).toMatchObject({ success: false, message: '不能把用户分配到您未关联的租户' });
    // west sets only what it reaches: tenant 5 (not reached by west) is kept
    const ok = await t.call('PUT', '/sys/user/edit', {
      token: west,
      body: { id: shared, realname: '共享', relTenantIds: '2' },
    });
    expect(ok.body).toMatchObject({ success: true });
    const row = (await t.database.db.select().from(sysUser).where(eq(sysUser.id, shared)))[0]!;
    expect(row.relTenantIds).toBe('5,2');
    const unknown = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: shared, realname: '共享', relTenantIds: '2,99' },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '租户不存在：99' });
  });

  it('a new user of a tenant-bound writer joins the writer’s tenant', async () => {
    const id = await addUser(t, west, 'west_new');
    const row = (await t.database.db.select().from(sysUser).where(eq(sysUser.id, id)))[0]!;
    expect(row.relTenantIds).toBe('2');
  });
});

describe('terminal commands (the same endpoints)', () => {
  let h: Awaited<ReturnType<typeof serverHarness>>;
  beforeAll(async () => {
    h = await serverHarness('west_admin', { app: t });
  });

  it('list, read and delete only the caller’s tenant', async () => {
    const list = await h.terminal('customer list --page-size 100');
    expect(list.results[0]?.status).toBe('ok');
    expect(list.out).toContain('城西客户丙');
    expect(list.out).not.toContain('总部客户甲');
    const users = await h.terminal('user list --page-size 100');
    expect(users.out).toContain('west_admin');
    expect(users.out).not.toContain('hq_admin');
    // another tenant's id is no row of west's: the batch delete leaves it (as a missing id)
    await h.terminal(`customer delete ${ids.hqCustomer} --yes`);
    expect(await customerRow(ids.hqCustomer)).toBeDefined();
    const freeze = await h.terminal('user freeze hq_admin --yes');
    expect(freeze.results[0]?.status).not.toBe('ok');
    expect(freeze.out).toContain('用户不存在: hq_admin');
  });

  it('user tenant sets a user’s tenants (with --dry-run first)', async () => {
    const adminH = await serverHarness('admin', { app: t });
    const dry = await adminH.terminal('user tenant west_new 1 城西租户 --dry-run');
    expect(dry.results[0]?.status).toBe('ok');
    expect(dry.out).toContain('城西租户 → 总部租户，城西租户');
    let row = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'west_new')))[0]!;
    expect(row.relTenantIds).toBe('2');
    const run = await adminH.terminal('user tenant west_new 1 2');
    expect(run.results[0]?.status).toBe('ok');
    row = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'west_new')))[0]!;
    expect(row.relTenantIds).toBe('1,2');
    // west cannot move its user into the headquarters tenant: it is no choice of west's
    const refused = await h.terminal('user tenant west_new 1');
    expect(refused.results[0]?.status).not.toBe('ok');
    expect(refused.out).toContain('租户不存在: 1');
    expect(adminH.permissionMismatches()).toEqual([]);
    expect(h.permissionMismatches()).toEqual([]);
  });
});

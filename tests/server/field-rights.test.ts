import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import {
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
  yyUser,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { CUSTOMER } from '../../src/shared/resources/customer.ts';

/**
 * Field rights (spec §6, src/shared/auth-rules.ts) on the server: a caller lacking a type "1" field
 * right gets neither the field from list, queryById and export nor a write to it; lacking a type "2"
 * right, the field stays readable but a write changing it is refused.
 */
let t: TestApp;
let admin: string;
let clerk: string;
let clerkId: string;
const customer = CUSTOMER.endpoints;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  // the seed's JeecgBoot rows: user:sex (type 1), user:form:phone and user:form:birthday (type 2)
  const roleId = await roleWithout(t, 'clerk_role', [PERM.user.fieldSex, PERM.user.formPhone]);
  clerkId = await addUser(t, admin, 'clerk', { roleId, tenants: '1', phone: '13722220000' });
  // a field right of a generated resource: the customer's 手机号 (type 1), 姓名 editable only (type 2)
  const rights = [
    { id: newId(), name: '客户手机号', menuType: 2, perms: 'customer:mobile', permsType: '1', status: '1' },
    {
      id: newId(),
      name: '客户姓名',
      menuType: 2,
      perms: 'customer:form:realName',
      permsType: '2',
      status: '1',
    },
  ];
  await t.database.db.insert(sysPermission).values(rights);
  // granted to the administrator's role (the clerk's role was made before they existed)
  const [adminRole] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'admin'));
  await t.database.db
    .insert(sysRolePermission)
    .values(rights.map((r) => ({ id: newId(), roleId: adminRole!.id, permissionId: r.id })));
  clerk = await loginAdded(t, 'clerk');
});
afterAll(async () => t?.close());

const sheetCells = async (url: string, token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/jeecg-boot${url}`,
    headers: { 'x-access-token': token },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.worksheets[0]!.eachRow((row) => row.eachCell((c) => void cells.push(String(c.value ?? ''))));
  return cells;
};

describe('user field rights', () => {
  it('strips a hidden field (user:sex) from list, queryById and export; the administrator keeps it', async () => {
    const list = await t.call('GET', '/sys/user/list', { token: clerk, query: { username: 'yunying' } });
    const row = list.body.result.records[0];
    expect(row).toMatchObject({ username: 'yunying', phone: expect.any(String) });
    expect(row).not.toHaveProperty('sex');
    expect(row).not.toHaveProperty('sex_dictText');
    const byId = await t.call('GET', '/sys/user/queryById', { token: clerk, query: { id: row.id } });
    expect(byId.body.result).not.toHaveProperty('sex');
    const mine = await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'yunying' } });
    expect(mine.body.result.records[0]).toMatchObject({
      sex: expect.any(Number),
      sex_dictText: expect.any(String),
    });
    const cells = await sheetCells('/sys/user/exportXls', clerk);
    expect(cells).toContain('用户账号');
    expect(cells).not.toContain('性别');
    expect(await sheetCells('/sys/user/exportXls', admin)).toContain('性别');
  });

  it('refuses writes to a hidden field and changes to a read-only one (user:form:phone)', async () => {
    const edit = (body: Record<string, unknown>) =>
      t.call('PUT', '/sys/user/edit', { token: clerk, body: { id: clerkId, realname: '文员', ...body } });
    expect((await edit({ sex: 2 })).body).toMatchObject({
      success: false,
      message: '没有权限修改字段：性别',
    });
    expect((await edit({ phone: '13722229999' })).body).toMatchObject({
      success: false,
      message: '没有权限修改字段：手机号码',
    });
    // the form sends the unchanged value back: that passes
    expect((await edit({ phone: '13722220000' })).body).toMatchObject({ success: true });
    const row = (await t.database.db.select().from(sysUser).where(eq(sysUser.id, clerkId)))[0]!;
    expect(row).toMatchObject({ phone: '13722220000', realname: '文员' });
    const add = await t.call('POST', '/sys/user/add', {
      token: clerk,
      body: { username: 'clerk_new', realname: '新', password: '123456', sex: 1 },
    });
    expect(add.body).toMatchObject({ success: false, message: '没有权限修改字段：性别' });
    // the administrator holds the rights
    const byAdmin = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: clerkId, realname: '文员', phone: '13722228888', sex: 2 },
    });
    expect(byAdmin.body).toMatchObject({ success: true });
  });
});

describe('resource field rights', () => {
  it('strips customer:mobile from the list and export, and refuses writing it', async () => {
    const list = await t.call('GET', customer.list.path, { token: clerk, query: { pageSize: '3' } });
    expect(list.body.result.records.length).toBe(3);
    for (const r of list.body.result.records) {
      expect(r).toHaveProperty('nickname');
      expect(r).not.toHaveProperty('mobile');
    }
    const first = list.body.result.records[0];
    const byId = await t.call('GET', customer.queryById.path, { token: clerk, query: { id: first.id } });
    expect(byId.body.result).not.toHaveProperty('mobile');
    const adminRow = await t.call('GET', customer.queryById.path, { token: admin, query: { id: first.id } });
    expect(adminRow.body.result.mobile).toMatch(/^1\d{10}$/);
    const cells = await sheetCells(customer.exportXls.path, clerk);
    expect(cells).toContain('昵称');
    expect(cells).not.toContain('手机号');
    const add = await t.call('POST', customer.add.path, {
      token: clerk,
      body: { nickname: '字段权限', mobile: '13833330000' },
    });
    expect(add.body).toMatchObject({ success: false, message: '没有权限修改字段：手机号' });
  });

  it('refuses changing a type "2" field (customer:form:realName), keeps it readable', async () => {
    const [row] = await t.database.db.select().from(yyUser).limit(1);
    const r = await t.call('PUT', customer.edit.path, {
      token: clerk,
      body: { id: row!.id, realName: '改名' },
    });
    expect(r.body).toMatchObject({ success: false, message: '没有权限修改字段：姓名' });
    const read = await t.call('GET', customer.queryById.path, { token: clerk, query: { id: row!.id } });
    expect(read.body.result).toHaveProperty('realName');
    const same = await t.call('PUT', customer.edit.path, {
      token: clerk,
      body: { id: row!.id, realName: row!.realName, nickname: '只改昵称' },
    });
    expect(same.body).toMatchObject({ success: true });
  });

  it('applies a switched-off rule (status 0) to nobody', async () => {
    await t.database.db
      .update(sysPermission)
      .set({ status: '0' })
      .where(eq(sysPermission.perms, 'customer:mobile'));
    const list = await t.call('GET', customer.list.path, { token: clerk, query: { pageSize: '1' } });
    expect(list.body.result.records[0]).toHaveProperty('mobile');
  });
});

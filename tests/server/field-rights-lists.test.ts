import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import {
  sysDepart,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { MSG } from '../../src/shared/api.ts';
import { SUPER_QUERY_MSG } from '../../src/shared/super-query.ts';

/**
 * A hidden user field (review of issue #11, finding 9) is hidden everywhere users are listed: not
 * filterable or sortable in /sys/user/list and its export (treated as a property outside the
 * allow-list: a filter is ignored, a sort or super-query condition refused like an unknown one),
 * and stripped from userRoleList, departUserList and /sys/sysDepartRole/userList like from the list.
 */
let t: TestApp;
let admin: string;
let clerk: string;
let clerkRole: string;
let departId: string;
let droleId: string;
const PHONE = '13733330001';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  // a type 1 right on phone besides the seed's user:sex, held by the administrator's role only
  const phoneRight = {
    id: newId(),
    name: '手机号',
    menuType: 2,
    perms: 'user:phone',
    permsType: '1',
    status: '1',
  };
  await db.insert(sysPermission).values(phoneRight);
  const [adminRole] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'admin'));
  await db
    .insert(sysRolePermission)
    .values({ id: newId(), roleId: adminRole!.id, permissionId: phoneRight.id });
  clerkRole = await roleWithout(t, 'hid_clerk', [PERM.user.fieldSex, 'user:phone']);
  const clerkId = await addUser(t, admin, 'hid_clerk', { roleId: clerkRole, tenants: '1', phone: PHONE });
  await db.update(sysUser).set({ sex: 2 }).where(eq(sysUser.id, clerkId));
  clerk = await loginAdded(t, 'hid_clerk');
  departId = (await db.select().from(sysDepart).where(eq(sysDepart.departName, '运营部')))[0]!.id;
  const call = (m: 'POST' | 'GET', p: string, o: Parameters<TestApp['call']>[2]) =>
    t.call(m, p, { token: admin, ...o });
  expect(
    (
      await call('POST', '/sys/user/editSysDepartWithUser', {
        body: { depId: departId, userIdList: [clerkId] },
      })
    ).body.success,
  ).toBe(true);
  expect(
    (
      await call('POST', '/sys/sysDepartRole/add', {
        body: { departId, roleName: '隐藏', roleCode: 'hid_r' },
      })
    ).body.success,
  ).toBe(true);
  const roles = (await call('GET', '/sys/sysDepartRole/getDeptRoleList', { query: { departId } })).body
    .result;
  droleId = (roles as Array<{ id: string; roleCode: string }>).find((r) => r.roleCode === 'hid_r')!.id;
  expect(
    (await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId: droleId, userIds: [clerkId] } }))
      .body.success,
  ).toBe(true);
});
afterAll(async () => t?.close());

const list = (token: string, query: Record<string, string>) =>
  t.call('GET', '/sys/user/list', { token, query: { pageSize: '200', ...query } });

describe('filters and sorts on a hidden field', () => {
  it('a filter on a hidden field is ignored (the administrator’s is applied)', async () => {
    const everyone = (await list(clerk, {})).body.result;
    expect(everyone.total).toBeGreaterThan(1);
    for (const sex of ['1', '2']) {
      const r = await list(clerk, { sex });
      expect(r.body.result.total).toBe(everyone.total);
    }
    expect((await list(clerk, { phone: PHONE })).body.result.total).toBe(everyone.total);
    const byAdmin = (await list(admin, { sex: '2' })).body.result;
    expect(byAdmin.records.map((u: { username: string }) => u.username)).toContain('hid_clerk');
    expect(byAdmin.total).toBeLessThan((await list(admin, {})).body.result.total);
  });

  it('a sort or a super-query condition on a hidden field is refused like an unknown field', async () => {
    const sort = await list(clerk, { column: 'sex', order: 'asc' });
    expect(sort.body).toMatchObject({ success: false, message: MSG.sortColumnMissing('sex') });
    const sortText = await list(clerk, { column: 'sex_dictText', order: 'asc' });
    expect(sortText.body).toMatchObject({ success: false, message: MSG.sortColumnMissing('sex') });
    const sq = encodeURI(JSON.stringify([{ field: 'sex', rule: 'eq', val: '2', type: 'int' }]));
    const q = await list(clerk, { superQueryParams: sq });
    expect(q.body).toMatchObject({ success: false, message: SUPER_QUERY_MSG.unknownField('sex') });
    expect((await list(admin, { column: 'sex', order: 'asc' })).body.success).toBe(true);
    expect((await list(admin, { superQueryParams: sq })).body.success).toBe(true);
  });

  it('the export ignores a filter on a hidden field too', async () => {
    const rows = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/jeecg-boot/sys/user/exportXls?${query}`,
        headers: { 'x-access-token': clerk },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.worksheets[0]!.rowCount;
    };
    const all = await rows('');
    expect(all).toBeGreaterThan(2);
    expect(await rows('sex=1')).toBe(all);
    expect(await rows('sex=2')).toBe(all);
  });
});

describe('hidden fields stripped from the other user lists', () => {
  const hasHidden = (rows: Array<Record<string, unknown>>) =>
    rows.some((r) => 'sex' in r || 'sex_dictText' in r || 'phone' in r);

  it('userRoleList', async () => {
    const r = await t.call('GET', '/sys/user/userRoleList', { token: clerk, query: { roleId: clerkRole } });
    expect(r.body.result.records.map((u: { username: string }) => u.username)).toContain('hid_clerk');
    expect(hasHidden(r.body.result.records)).toBe(false);
    const a = await t.call('GET', '/sys/user/userRoleList', { token: admin, query: { roleId: clerkRole } });
    expect(a.body.result.records[0]).toMatchObject({ sex: 2, phone: PHONE });
  });

  it('departUserList', async () => {
    const r = await t.call('GET', '/sys/user/departUserList', { token: clerk, query: { depId: departId } });
    expect(r.body.result.records.length).toBeGreaterThan(0);
    expect(hasHidden(r.body.result.records)).toBe(false);
    const a = await t.call('GET', '/sys/user/departUserList', { token: admin, query: { depId: departId } });
    expect(hasHidden(a.body.result.records)).toBe(true);
  });

  it('/sys/sysDepartRole/userList', async () => {
    const r = await t.call('GET', '/sys/sysDepartRole/userList', {
      token: clerk,
      query: { roleId: droleId },
    });
    expect(r.body.result.records).toEqual([expect.objectContaining({ username: 'hid_clerk' })]);
    expect(hasHidden(r.body.result.records)).toBe(false);
    const a = await t.call('GET', '/sys/sysDepartRole/userList', {
      token: admin,
      query: { roleId: droleId },
    });
    expect(a.body.result.records[0]).toMatchObject({ phone: PHONE });
  });

  it('the online users list', async () => {
    const r = await t.call('GET', '/sys/online/list', { token: clerk, query: { pageSize: '100' } });
    expect(r.body.result.records.length).toBeGreaterThan(0);
    expect(hasHidden(r.body.result.records)).toBe(false);
  });
});

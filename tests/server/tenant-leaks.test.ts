import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import { sysDepart } from '../../src/server/db/schema/index.ts';

/**
 * Tenant isolation of what sits beside the users list (review of issue #11, findings 4–6): the
 * users grid's realtime pushes, the online sessions, department members and department-role
 * members. A tenant-2 administrator (every right but tenant:all) must neither see a tenant-1 user
 * there nor change them.
 */
let t: TestApp;
let admin: string;
let west: string;
let hq: string;
let hqId: string;
let westId: string;
let west2Id: string;
let departId: string;
const HQ_PHONE = '13711110001';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  expect(
    (await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } })).body
      .success,
  ).toBe(true);
  const roleId = await roleWithout(t, 'leak_ta');
  hqId = await addUser(t, admin, 'leak_hq', { roleId, tenants: '1', phone: HQ_PHONE });
  westId = await addUser(t, admin, 'leak_west', { roleId, tenants: '2', phone: '13711110002' });
  west2Id = await addUser(t, admin, 'leak_west2', { tenants: '2' });
  hq = await loginAdded(t, 'leak_hq');
  west = await loginAdded(t, 'leak_west');
  departId = (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '运营部')))[0]!.id;
  const join = await t.call('POST', '/sys/user/editSysDepartWithUser', {
    token: admin,
    body: { depId: departId, userIdList: [hqId, westId] },
  });
  expect(join.body.success, JSON.stringify(join.body)).toBe(true);
});
afterAll(async () => t?.close());

const usernames = (records: Array<{ username: string }>) => records.map((r) => r.username);

describe('users grid realtime (finding 4)', () => {
  it('a saved user reaches only the grids of their tenants', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (userId: string, token: string) => {
      const ws = new WebSocket(`${address.replace('http', 'ws')}/jeecg-boot/vxeSocket/${userId}/p1`, [token]);
      const got: Array<{
        type: string;
        data: { socketKey: string; args: [Record<string, unknown>, string] };
      }> = [];
      ws.on('message', (d) => got.push(JSON.parse(String(d))));
      await new Promise((r) => ws.once('open', r));
      return {
        ws,
        got,
        rows: () => got.filter((m) => m.type === 'update_vxe_table').map((m) => m.data.args[0]),
      };
    };
    const w = await open(westId, west);
    const h = await open(hqId, hq);
    try {
      const e = await t.call('PUT', '/sys/user/edit', {
        token: hq,
        body: { id: hqId, realname: '总部秘密', phone: HQ_PHONE },
      });
      expect(e.body.success, JSON.stringify(e.body)).toBe(true);
      // then a tenant-2 save: once the west grid has it, anything sent before it has arrived too
      const e2 = await t.call('PUT', '/sys/user/edit', {
        token: admin,
        body: { id: west2Id, realname: '城西二号' },
      });
      expect(e2.body.success, JSON.stringify(e2.body)).toBe(true);
      await expect.poll(() => w.rows().some((r) => r.id === west2Id)).toBe(true);
      await expect.poll(() => h.rows().some((r) => r.id === hqId)).toBe(true);
      const westText = JSON.stringify(w.got);
      expect(westText).not.toContain(hqId);
      expect(westText).not.toContain(HQ_PHONE);
      expect(westText).not.toContain('总部秘密');
      // the tenant's own grid gets the row
      expect(h.rows().find((r) => r.id === hqId)).toMatchObject({ id: hqId, realname: '总部秘密' });
      expect(JSON.stringify(h.got)).not.toContain(west2Id);
    } finally {
      w.ws.close();
      h.ws.close();
    }
  });
});

describe('online users (finding 5)', () => {
  it('lists only the sessions of users the caller reaches', async () => {
    const mine = await t.call('GET', '/sys/online/list', { token: west, query: { pageSize: '100' } });
    expect(mine.body.success).toBe(true);
    const names = usernames(mine.body.result.records);
    expect(names).toContain('leak_west');
    expect(names).not.toContain('leak_hq');
    expect(names).not.toContain('admin');
    expect(mine.body.result.total).toBe(mine.body.result.records.length);
    const all = await t.call('GET', '/sys/online/list', { token: admin, query: { pageSize: '100' } });
    expect(usernames(all.body.result.records)).toContain('leak_hq');
  });

  it('refuses to end a session of another tenant’s user, which stays signed in', async () => {
    const all = await t.call('GET', '/sys/online/list', { token: admin, query: { pageSize: '100' } });
    const target = (all.body.result.records as Array<{ username: string; token: string }>).find(
      (r) => r.username === 'leak_hq',
    )!;
    const kick = await t.call('POST', '/sys/online/forceLogout', {
      token: west,
      body: { token: target.token },
    });
    expect(kick.body.success).toBe(false);
    const after = await t.call('GET', '/sys/user/list', { token: hq });
    expect(after.body.success, JSON.stringify(after.body).slice(0, 200)).toBe(true);
  });
});

describe('department members (finding 6)', () => {
  it('departUserList shows only reachable users', async () => {
    const r = await t.call('GET', '/sys/user/departUserList', {
      token: west,
      query: { depId: departId, pageSize: '100' },
    });
    const names = usernames(r.body.result.records);
    expect(names).toContain('leak_west');
    expect(names).not.toContain('leak_hq');
    expect(JSON.stringify(r.body)).not.toContain(HQ_PHONE);
    const a = await t.call('GET', '/sys/user/departUserList', {
      token: admin,
      query: { depId: departId, pageSize: '100' },
    });
    expect(usernames(a.body.result.records)).toContain('leak_hq');
  });

  it('another tenant’s user is neither taken out of nor added to a department', async () => {
    const rm = await t.call('DELETE', '/sys/user/deleteUserInDepart', {
      token: west,
      query: { depId: departId, userId: hqId },
    });
    expect(rm.body.success).toBe(true); // left alone, as an unknown id is
    const rmb = await t.call('DELETE', '/sys/user/deleteUserInDepartBatch', {
      token: west,
      query: { depId: departId, userIds: hqId },
    });
    expect(rmb.body.success).toBe(true);
    const still = await t.call('GET', '/sys/user/departUserList', {
      token: admin,
      query: { depId: departId, pageSize: '100' },
    });
    expect(usernames(still.body.result.records)).toContain('leak_hq');
    const add = await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: west,
      body: { depId: departId, userIdList: [hqId] },
    });
    expect(add.body).toMatchObject({ success: false, message: '所选用户不存在' });
  });
});

describe('department-role members (finding 6, getDeptRoleByUserId)', () => {
  let droleId: string;
  beforeAll(async () => {
    // (members of the department again, whatever the tests above did)
    await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: admin,
      body: { depId: departId, userIdList: [hqId, westId] },
    });
    const made = await t.call('POST', '/sys/sysDepartRole/add', {
      token: admin,
      body: { departId, roleName: '值班', roleCode: 'leak_duty' },
    });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const list = await t.call('GET', '/sys/sysDepartRole/getDeptRoleList', {
      token: admin,
      query: { departId },
    });
    droleId = (list.body.result as Array<{ id: string; roleCode: string }>).find(
      (r) => r.roleCode === 'leak_duty',
    )!.id;
    const add = await t.call('POST', '/sys/sysDepartRole/addUsers', {
      token: admin,
      body: { roleId: droleId, userIds: [hqId, westId] },
    });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
  });
  const members = async (token: string) =>
    usernames(
      (await t.call('GET', '/sys/sysDepartRole/userList', { token, query: { roleId: droleId } })).body.result
        .records,
    );

  it('userList shows only reachable users', async () => {
    expect(await members(west)).toEqual(['leak_west']);
    expect(await members(admin)).toEqual(['leak_hq', 'leak_west']);
  });

  it('another tenant’s user is not taken out of, nor put into, department roles', async () => {
    const rm = await t.call('DELETE', '/sys/sysDepartRole/removeUsers', {
      token: west,
      query: { roleId: droleId, userIds: hqId },
    });
    expect(rm.body.success).toBe(true);
    const byUser = await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token: west,
      body: { userId: hqId, newRoleId: '', oldRoleId: droleId },
    });
    expect(byUser.body.success).toBe(false);
    expect(await members(admin)).toEqual(['leak_hq', 'leak_west']);
    const other = await t.call('POST', '/sys/sysDepartRole/add', {
      token: west,
      body: { departId, roleName: '城西', roleCode: 'leak_w' },
    });
    expect(other.body.success, JSON.stringify(other.body)).toBe(true);
    const list = await t.call('GET', '/sys/sysDepartRole/getDeptRoleList', {
      token: west,
      query: { departId },
    });
    const wRole = (list.body.result as Array<{ id: string; roleCode: string }>).find(
      (r) => r.roleCode === 'leak_w',
    )!.id;
    const join = await t.call('POST', '/sys/sysDepartRole/addUsers', {
      token: west,
      body: { roleId: wRole, userIds: [hqId] },
    });
    expect(join.body.success).toBe(false);
    const join2 = await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token: west,
      body: { userId: hqId, newRoleId: wRole, oldRoleId: '' },
    });
    expect(join2.body.success).toBe(false);
    const mine = await t.call('POST', '/sys/sysDepartRole/addUsers', {
      token: west,
      body: { roleId: wRole, userIds: [westId] },
    });
    expect(mine.body.success, JSON.stringify(mine.body)).toBe(true);
  });

  it('getDeptRoleByUserId answers nothing about another tenant’s user', async () => {
    const theirs = await t.call('GET', '/sys/sysDepartRole/getDeptRoleByUserId', {
      token: west,
      query: { userId: hqId, departId },
    });
    expect(theirs.body.result).toBeNull();
    const byAdmin = await t.call('GET', '/sys/sysDepartRole/getDeptRoleByUserId', {
      token: admin,
      query: { userId: hqId, departId },
    });
    expect(byAdmin.body.result).toEqual([expect.objectContaining({ userId: hqId, droleId })]);
    const own = await t.call('GET', '/sys/sysDepartRole/getDeptRoleByUserId', {
      token: west,
      query: { userId: westId, departId },
    });
    expect(own.body.result?.length).toBeGreaterThan(0);
  });
});

describe('duplicate check on sys_user (suspicion: decided not a leak)', () => {
  it('a globally unique value held in another tenant is still refused, with nothing but the yes/no', async () => {
    // phone is unique over every tenant (uniq_sys_user_phone): /sys/user/add refuses it for anyone,
    // so the check must say "taken" too; it answers the same fixed message and no row or value
    const r = await t.call('GET', '/sys/duplicate/check', {
      token: west,
      query: { tableName: 'sys_user', fieldName: 'phone', fieldVal: HQ_PHONE },
    });
    expect(r.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！', result: null });
    const u = await t.call('GET', '/sys/duplicate/check', {
      token: west,
      query: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'leak_hq' },
    });
    expect(u.body).toMatchObject({ success: false, result: null });
  });
});

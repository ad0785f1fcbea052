import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { roleWith, userWith } from '../../support/grant-roles.ts';
import { sysUser } from '../../../src/server/db/schema/index.ts';
import { ROLE_MSG } from '../../../src/shared/role.ts';

/**
 * Review of #11, finding 3: resetting a password hands over the account, and editing, freezing or
 * deleting a user acts on their rights, so a delegate writes only to users holding no right beyond
 * their own; admin-role members only admin-role members write to.
 */
let t: TestApp;
let admin: string;
let adminId: string;
let big: { id: string; token: string };
let small: { id: string; token: string };
const delegate = async (name: string, codes: string[]) =>
  userWith(t, admin, name, await roleWith(t, `${name}_role`, ['user:list', ...codes]));
const statusOf = async (id: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0]!.id;
  big = await userWith(
    t,
    admin,
    'esc_big_user',
    await roleWith(t, 'esc_big_user_role', ['user:list', 'tenant:all']),
  );
  small = await userWith(t, admin, 'esc_small_user', await roleWith(t, 'esc_small_user_role', ['user:list']));
});
afterAll(async () => t?.close());

describe('password reset (finding 3)', () => {
  it('refuses resetting the admin password or that of a user holding more, resets a lesser one', async () => {
    const d = await delegate('esc_pw', ['user:resetPassword']);
    const pw = { password: 'Takeover1!', confirmpassword: 'Takeover1!' };
    const takeover = await t.call('PUT', '/sys/user/changePassword', {
      token: d.token,
      body: { username: 'admin', ...pw },
    });
    expect(takeover.body).toMatchObject({
      success: false,
      message: ROLE_MSG.userLimit('admin', '重置其密码', []),
    });
    expect(await t.login('admin')).toBeTruthy(); // the old password still works
    const beyond = await t.call('PUT', '/sys/user/changePassword', {
      token: d.token,
      body: { username: 'esc_big_user', ...pw },
    });
    expect(beyond.body.success).toBe(false);
    expect(beyond.body.message).toContain('tenant:all');
    const fine = await t.call('PUT', '/sys/user/changePassword', {
      token: d.token,
      body: { username: 'esc_small_user', ...pw },
    });
    expect(fine.body.success, JSON.stringify(fine.body)).toBe(true);
    // an admin-role member resets anyone
    const byAdmin = await t.call('PUT', '/sys/user/changePassword', {
      token: admin,
      body: { username: 'esc_big_user', password: '123456', confirmpassword: '123456' },
    });
    expect(byAdmin.body.success).toBe(true);
  });
});

describe('edit, freeze and delete (finding 3)', () => {
  it('refuses editing a user holding rights beyond the caller; edits a lesser user and themselves', async () => {
    const d = await delegate('esc_ed', ['user:edit']);
    const edit = (id: string) =>
      t.call('PUT', '/sys/user/edit', { token: d.token, body: { id, realname: '改名' } });
    const onAdmin = await edit(adminId);
    expect(onAdmin.body).toMatchObject({ success: false, message: ROLE_MSG.userLimit('admin', '编辑', []) });
    expect((await edit(big.id)).body.success).toBe(false);
    expect((await statusOf(big.id)).realname).toBe('esc_big_user');
    expect((await edit(small.id)).body.success).toBe(true);
    expect((await edit(d.id)).body.success).toBe(true);
  });

  it('refuses freezing a user holding rights beyond the caller', async () => {
    const d = await delegate('esc_fr', ['user:freeze']);
    const freeze = (ids: string) =>
      t.call('PUT', '/sys/user/frozenBatch', { token: d.token, body: { ids, status: 2 } });
    const r = await freeze(`${small.id},${adminId}`);
    expect(r.body).toMatchObject({ success: false, message: ROLE_MSG.userLimit('admin', '冻结', []) });
    expect((await statusOf(adminId)).status).toBe(1);
    expect((await statusOf(small.id)).status).toBe(1);
    expect((await freeze(big.id)).body.success).toBe(false);
    expect((await freeze(small.id)).body.success).toBe(true);
    expect((await statusOf(small.id)).status).toBe(2);
    await t.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: small.id, status: 1 } });
  });

  it('refuses deleting a user holding rights beyond the caller', async () => {
    const d = await delegate('esc_del', ['user:delete']);
    const one = await t.call('DELETE', '/sys/user/delete', { token: d.token, query: { id: adminId } });
    expect(one.body).toMatchObject({ success: false, message: ROLE_MSG.userLimit('admin', '删除', []) });
    const batch = await t.call('DELETE', '/sys/user/deleteBatch', {
      token: d.token,
      query: { ids: `${small.id},${big.id}` },
    });
    expect(batch.body.success).toBe(false);
    expect((await statusOf(adminId)).delFlag).toBe(0);
    expect((await statusOf(small.id)).delFlag).toBe(0);
    expect((await statusOf(big.id)).delFlag).toBe(0);
    const fine = await t.call('DELETE', '/sys/user/delete', { token: d.token, query: { id: small.id } });
    expect(fine.body.success, JSON.stringify(fine.body)).toBe(true);
  });
});

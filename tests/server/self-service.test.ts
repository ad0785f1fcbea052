import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDepart, sysUser, sysUserDepart } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('departments of the signed-in user', () => {
  it('lists them and switches the current one', async () => {
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'yunying'));
    const [finance] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, 'A01A02'));
    await t.database.db.insert(sysUserDepart).values({ id: newId(), userId: user!.id, depId: finance!.id });
    const token = await t.login('yunying');
    const r = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(r.body.success).toBe(true);
    expect(r.body.result.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual([
      'A01A01',
      'A01A02',
    ]);
    expect(r.body.result.orgCode).toBe('A01A01');

    const sw = await t.call('PUT', '/sys/selectDepart', {
      token,
      body: { orgCode: 'A01A02', username: 'yunying' },
    });
    expect(sw.body).toMatchObject({
      success: true,
      result: { userInfo: { username: 'yunying', orgCode: 'A01A02' } },
    });
    const after = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(after.body.result.orgCode).toBe('A01A02');

    expect((await t.call('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A02' } })).body.success).toBe(
      false,
    );
    expect(
      (await t.call('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01', username: 'admin' } }))
        .body.success,
    ).toBe(false);
  });
});

describe('PUT /sys/user/updatePassword', () => {
  it('checks the dialog rules and messages', async () => {
    const token = await t.login('yuangong');
    const put = (body: object) => t.call('PUT', '/sys/user/updatePassword', { token, body });
    expect((await put({ password: 'a', confirmpassword: 'a' })).body.message).toBe('请输入旧密码!');
    expect((await put({ oldpassword: '123456', confirmpassword: 'a' })).body.message).toBe('请输入新密码!');
    expect((await put({ oldpassword: '123456', password: 'abcdef1' })).body.message).toBe('请确认新密码!');
    expect(
      (await put({ oldpassword: '123456', password: 'abcdef1', confirmpassword: 'abcdef2' })).body.message,
    ).toBe('两次输入的密码不一样！');
    expect(
      (await put({ oldpassword: 'nope', password: 'abcdef1', confirmpassword: 'abcdef1' })).body.message,
    ).toBe('旧密码输入错误!');
    expect(
      (
        await put({
          username: 'admin',
          oldpassword: '123456',
          password: 'abcdef1',
          confirmpassword: 'abcdef1',
        })
      ).body.message,
    ).toBe('只允许修改自己的密码！');
  });

  it('changes the password and revokes existing tokens', async () => {
    const token = await t.login('yuangong');
    const r = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { username: 'yuangong', oldpassword: '123456', password: 'abcdef1', confirmpassword: 'abcdef1' },
    });
    expect(r.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect(await t.login('yuangong', 'abcdef1')).toBeTruthy();
  });
});

describe('dictionary cache endpoints', () => {
  it('refresh and return every enabled dictionary for any signed-in user', async () => {
    const token = await t.login('yunying');
    expect((await t.call('GET', '/sys/dict/refleshCache', { token })).body).toMatchObject({ success: true });
    const all = await t.call('GET', '/sys/dict/queryAllDictItems', { token });
    expect(all.body).toMatchObject({ success: true, code: 200 });
    expect(all.body.result.user_status.map((i: { text: string }) => i.text)).toEqual(['正常', '冻结']);
    expect((await t.call('GET', '/sys/dict/queryAllDictItems')).status).toBe(401);
  });
});

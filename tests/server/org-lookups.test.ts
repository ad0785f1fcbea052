import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('role and department lookups of the user form', () => {
  it('lists every role for a user who may list users', async () => {
    const r = await t.call('GET', '/sys/role/queryall', { token: await t.login('admin') });
    expect(r.body.success).toBe(true);
    expect(r.body.result.map((x: { roleCode: string }) => x.roleCode).sort()).toEqual([
      'admin',
      'finance',
      'operator',
      'staff',
    ]);
  });

  it('returns the department tree with children nested under their parents', async () => {
    const r = await t.call('GET', '/sys/sysDepart/queryIdTree', { token: await t.login('admin') });
    const root = r.body.result.find((n: { title: string }) => n.title === '悦到家健康服务有限公司');
    expect(root.children.map((c: { title: string }) => c.title)).toEqual(['运营部', '财务部', '技师管理部']);
    expect(root.children[2].children[0]).toMatchObject({ title: '技师主管', children: [] });
  });

  it('refuses users without user:list', async () => {
    const token = await t.login('yuangong');
    expect((await t.call('GET', '/sys/role/queryall', { token })).body).toMatchObject({
      success: false,
      code: 510,
    });
    expect((await t.call('GET', '/sys/sysDepart/queryIdTree', { token })).body).toMatchObject({
      success: false,
      code: 510,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysDepart, sysUser } from '../../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
const PASSWORD = 'Passw0rd!';
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

interface Node {
  id: string;
  orgCode: string;
  departName: string;
  isLeaf: boolean;
  children: Node[] | null;
}
const get = (path: string, query: Record<string, string> = {}, token = admin) =>
  t.call('GET', `/sys/sysDepart/${path}`, { token, query });
const codes = async () =>
  Object.fromEntries((await t.database.db.select().from(sysDepart)).map((d) => [d.departName, d.orgCode]));
const idOf = async (name: string) =>
  (await t.database.db.select().from(sysDepart)).find((d) => d.departName === name)!.id;
const add = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', '/sys/sysDepart/add', { token, body });
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const body = { username: 'dept_staff', realname: '无权限', password: PASSWORD, confirmpassword: PASSWORD };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  staff = await t.login('dept_staff', PASSWORD);
});
afterAll(async () => t?.close());

describe('department tree reads', () => {
  it('queryTreeList: the whole tree as SysDepartTreeModel, leaves with children null', async () => {
    const r = await get('queryTreeList');
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const roots: Node[] = r.body.result;
    expect(roots.map((n) => n.departName)).toEqual(['悦到家健康服务有限公司', '城东服务站']);
    const company = roots[0]!;
    expect(company).toMatchObject({
      key: company.id,
      value: company.id,
      title: '悦到家健康服务有限公司',
      isLeaf: false,
      orgCode: 'A01',
      parentId: '',
    });
    expect(company.children!.map((n) => n.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03']);
    const ops = company.children![0]!;
    expect(ops).toMatchObject({ isLeaf: true, children: null, orgCategory_dictText: '部门' });
    expect(flat(roots)).toHaveLength(7);
  });

  it('queryDepartTreeSync: one level, roots without pid, children with pid, chosen ids', async () => {
    const roots = (await get('queryDepartTreeSync')).body.result;
    expect(roots.map((n: Node) => [n.orgCode, n.isLeaf])).toEqual([
      ['A01', false],
      ['A02', false],
    ]);
    const kids = (await get('queryDepartTreeSync', { pid: roots[0].id })).body.result;
    expect(kids.map((n: Node) => [n.orgCode, n.isLeaf])).toEqual([
      ['A01A01', true],
      ['A01A02', true],
      ['A01A03', false],
    ]);
    expect(kids[0].children).toEqual([]);
    const chosen = (await get('queryDepartTreeSync', { ids: 'A02A01,A01A02', primaryKey: 'orgCode' })).body
      .result;
    expect(chosen.map((n: Node) => n.departName).sort()).toEqual(['客服组', '财务部']);
  });

  it('searchBy: flat matches, 未查询匹配数据！ when none, a keyword is required', async () => {
    const r = await get('searchBy', { keyWord: '部' });
    expect(r.body.result.map((n: Node) => n.departName)).toEqual(['运营部', '财务部', '技师管理部']);
    expect(r.body.result.every((n: Node) => n.children === null && n.isLeaf)).toBe(true);
    expect((await get('searchBy', { keyWord: '没有这个' })).body).toMatchObject({
      success: false,
      message: '未查询匹配数据！',
    });
    expect((await get('searchBy')).body).toMatchObject({ success: false, message: '请输入搜索内容' });
    // LIKE wildcards are literal
    expect((await get('searchBy', { keyWord: '%' })).body.success).toBe(false);
  });

  it('queryMyDeptTreeList: a superior gets the tree of their departments, anyone else message 1', async () => {
    const mine = await get('queryMyDeptTreeList');
    expect(mine.body).toMatchObject({ success: true, message: '2' });
    expect(mine.body.result.map((n: Node) => n.orgCode)).toEqual(['A01']);
    const other = await get('queryMyDeptTreeList', {}, staff);
    expect(other.body).toMatchObject({ success: true, message: '1', result: null });
  });

  it('refuses the tree reads without the permission', async () => {
    for (const path of ['queryTreeList', 'searchBy', 'queryDepartTreeSync'])
      expect((await get(path, { keyWord: '部' }, staff)).body, path).toMatchObject(NO_AUTH);
    expect((await get('queryTreeList', {}, 'nope')).status).toBe(401);
  });
});

describe('department writes', () => {
  it('adds with org codes generated as JeecgBoot does', async () => {
    expect((await add({ departName: '城西服务站', orgCategory: '1' })).body).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    const a01 = await idOf('悦到家健康服务有限公司');
    expect((await add({ departName: '市场部', parentId: a01 })).body.success).toBe(true);
    expect((await add({ departName: '技师培训', parentId: await idOf('技师管理部') })).body.success).toBe(
      true,
    );
    expect((await add({ departName: '西区客服', parentId: await idOf('城西服务站') })).body.success).toBe(
      true,
    );
    const c = await codes();
    expect(c['城西服务站']).toBe('A03');
    expect(c['市场部']).toBe('A01A04');
    expect(c['技师培训']).toBe('A01A03A02');
    expect(c['西区客服']).toBe('A03A01');
    const rows = await t.database.db.select().from(sysDepart);
    expect(rows.find((d) => d.departName === '城西服务站')).toMatchObject({
      orgType: '1',
      delFlag: '0',
      createBy: 'admin',
    });
    expect(rows.find((d) => d.departName === '市场部')).toMatchObject({ orgType: '2', orgCategory: '2' });
  });

  it('refuses bad input and unknown parents', async () => {
    expect((await add({ departName: '' })).body).toMatchObject({
      success: false,
      message: '请输入机构/部门名称',
    });
    expect((await add({ departName: 'x', orgCategory: '9' })).body).toMatchObject({
      success: false,
      message: '机构类别取值无效',
    });
    expect((await add({ departName: 'x', parentId: 'f'.repeat(32) })).body).toMatchObject({
      success: false,
      message: '上级部门不存在',
    });
    expect((await add({ departName: 'x', departOrder: 'abc' })).body.success).toBe(false);
    expect((await add({ departName: 'x' }, staff)).body).toMatchObject(NO_AUTH);
    expect((await codes())['x']).toBeUndefined();
  });

  it('edits the given fields only', async () => {
    const id = await idOf('市场部');
    const r = await t.call('PUT', '/sys/sysDepart/edit', { token: admin, body: { id, mobile: '0571-8888' } });
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    const row = (await t.database.db.select().from(sysDepart)).find((d) => d.id === id)!;
    expect(row).toMatchObject({
      departName: '市场部',
      mobile: '0571-8888',
      orgCode: 'A01A04',
      updateBy: 'admin',
    });
    const none = await t.call('PUT', '/sys/sysDepart/edit', {
      token: admin,
      body: { id: 'f'.repeat(32), departName: 'y' },
    });
    expect(none.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const refused = await t.call('POST', '/sys/sysDepart/edit', {
      token: staff,
      body: { id, departName: 'y' },
    });
    expect(refused.body).toMatchObject(NO_AUTH);
  });

  it('moves a department with its subtree when the parent changes; never into its own subtree', async () => {
    const tech = await idOf('技师管理部');
    const station = await idOf('城西服务站');
    const r = await t.call('PUT', '/sys/sysDepart/edit', {
      token: admin,
      body: { id: tech, parentId: station },
    });
    expect(r.body.success).toBe(true);
    const c = await codes();
    expect(c['技师管理部']).toBe('A03A02');
    expect(c['技师主管']).toBe('A03A02A01');
    expect(c['技师培训']).toBe('A03A02A02');
    const into = await t.call('PUT', '/sys/sysDepart/edit', {
      token: admin,
      body: { id: station, parentId: await idOf('技师主管') },
    });
    expect(into.body).toMatchObject({ success: false, message: '不能把部门移到它自己或它的下级部门之下' });
    expect((await codes())['城西服务站']).toBe('A03');
  });

  it('refuses to delete a department with children or users, with the reason', async () => {
    const company = await idOf('悦到家健康服务有限公司');
    const withKids = await t.call('DELETE', '/sys/sysDepart/delete', {
      token: admin,
      query: { id: company },
    });
    expect(withKids.body).toMatchObject({
      success: false,
      message: '部门“悦到家健康服务有限公司”下还有子部门，请先删除或移走子部门',
    });
    const ops = await idOf('运营部');
    const withUsers = await t.call('DELETE', '/sys/sysDepart/delete', { token: admin, query: { id: ops } });
    expect(withUsers.body).toMatchObject({
      success: false,
      message: '部门“运营部”下还有 1 个用户，请先将用户移出该部门',
    });
    const refused = await t.call('DELETE', '/sys/sysDepart/delete', {
      token: staff,
      query: { id: await idOf('市场部') },
    });
    expect(refused.body).toMatchObject(NO_AUTH);
    expect(Object.keys(await codes())).toContain('运营部');
  });

  it('deletes an empty department, and a parent together with its children in one batch', async () => {
    const r = await t.call('DELETE', '/sys/sysDepart/delete', {
      token: admin,
      query: { id: await idOf('市场部') },
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    const west = await idOf('西区客服');
    const tech = [await idOf('技师管理部'), await idOf('技师主管'), await idOf('技师培训')];
    // 技师管理部 has users? no: only the batch's own children
    const batch = await t.call('DELETE', '/sys/sysDepart/deleteBatch', {
      token: admin,
      query: { ids: `${west},${tech.join(',')},` },
    });
    expect(batch.body).toMatchObject({ success: true, message: '删除成功!' });
    const left = Object.keys(await codes());
    expect(left).not.toContain('市场部');
    expect(left).not.toContain('技师培训');
    expect(
      (await t.call('DELETE', '/sys/sysDepart/deleteBatch', { token: admin, query: { ids: '' } })).body,
    ).toMatchObject({
      success: false,
      message: '请选择一条记录！',
    });
  });
});

describe('users of a department', () => {
  it('adds users, lists them (sub-departments included), removes them', async () => {
    const users = await t.database.db.select().from(sysUser);
    const staffId = users.find((u) => u.username === 'dept_staff')!.id;
    const caiwu = users.find((u) => u.username === 'caiwu')!.id;
    const east = await idOf('城东服务站');
    const added = await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: admin,
      body: { depId: east, userIdList: [staffId, staffId] },
    });
    expect(added.body).toMatchObject({ success: true, message: '添加成功!' });
    const list = await t.call('GET', '/sys/user/departUserList', { token: admin, query: { depId: east } });
    // yuangong is in 客服组 below it
    expect(list.body.result.records.map((u: { username: string }) => u.username).sort()).toEqual([
      'dept_staff',
      'yuangong',
    ]);
    const filtered = await t.call('GET', '/sys/user/departUserList', {
      token: admin,
      query: { depId: east, username: 'staff' },
    });
    expect(filtered.body.result.records.map((u: { username: string }) => u.username)).toEqual(['dept_staff']);
    const one = await t.call('DELETE', '/sys/user/deleteUserInDepart', {
      token: admin,
      query: { depId: east, userId: staffId },
    });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    await t.call('POST', '/sys/user/editSysDepartWithUser', {
      token: admin,
      body: { depId: east, userIdList: [staffId, caiwu] },
    });
    const batch = await t.call('DELETE', '/sys/user/deleteUserInDepartBatch', {
      token: admin,
      query: { depId: east, userIds: `${staffId},${caiwu}` },
    });
    expect(batch.body.success).toBe(true);
    const after = await t.call('GET', '/sys/user/departUserList', { token: admin, query: { depId: east } });
    expect(after.body.result.records.map((u: { username: string }) => u.username)).toEqual(['yuangong']);
  });

  it('refuses bad input and callers without the permission', async () => {
    const east = await idOf('城东服务站');
    const post = (body: unknown, token = admin) =>
      t.call('POST', '/sys/user/editSysDepartWithUser', { token, body });
    expect((await post({ depId: east, userIdList: [] })).body).toMatchObject({
      success: false,
      message: '请选择一条记录！',
    });
    expect((await post({ depId: east, userIdList: ['f'.repeat(32)] })).body).toMatchObject({
      success: false,
      message: '所选用户不存在',
    });
    expect((await post({ depId: 'f'.repeat(32), userIdList: ['x'] })).body).toMatchObject({ success: false });
    expect((await post({ depId: east, userIdList: ['x'] }, staff)).body).toMatchObject(NO_AUTH);
    const list = await t.call('GET', '/sys/user/departUserList', { token: staff, query: { depId: east } });
    expect(list.body).toMatchObject(NO_AUTH);
    const none = await t.call('GET', '/sys/user/departUserList', { token: admin });
    expect(none.body).toMatchObject({ success: true, result: null });
  });
});

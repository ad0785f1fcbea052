import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(async () => t?.close());

interface Row {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgCategory_dictText: string | null;
  departOrder: number;
  createTime: string | null;
  hasChildren: boolean;
}

const level = async (query: Record<string, string> = {}): Promise<Row[]> => {
  const r = await t.call('GET', '/sys/sysDepart/queryTreeTableList', { token, query });
  expect(r.status).toBe(200);
  expect(r.body.success).toBe(true);
  return r.body.result as Row[];
};
const names = (rows: Row[]) => rows.map((r) => r.departName);

describe('GET /sys/sysDepart/queryTreeTableList', () => {
  it('returns the roots in depart_order when no parent is given (or an empty one)', async () => {
    const roots = await level();
    expect(names(roots)).toEqual(['悦到家健康服务有限公司', '城东服务站']);
    expect(roots.every((r) => r.hasChildren)).toBe(true);
    expect(roots[0]).toMatchObject({
      orgCode: 'A01',
      orgCategory: '1',
      orgCategory_dictText: '公司',
      parentId: null,
    });
    expect(roots[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(names(await level({ parentId: '' }))).toEqual(names(roots));
  });

  it('returns one level of children under parentId, with hasChildren per row', async () => {
    const [company] = await level();
    const children = await level({ parentId: company!.id });
    expect(names(children)).toEqual(['运营部', '财务部', '技师管理部']);
    expect(children.every((c) => c.parentId === company!.id)).toBe(true);
    expect(children.map((c) => c.hasChildren)).toEqual([false, false, true]);
    expect(children[0]!.orgCategory_dictText).toBe('部门');
    const grandChildren = await level({ parentId: children[2]!.id });
    expect(names(grandChildren)).toEqual(['技师主管']);
    expect(grandChildren[0]).toMatchObject({ hasChildren: false, orgCategory_dictText: '岗位' });
  });

  it('gives an empty level under a leaf or an unknown parent', async () => {
    const [company] = await level();
    const [ops] = await level({ parentId: company!.id });
    expect(await level({ parentId: ops!.id })).toEqual([]);
    expect(await level({ parentId: 'no-such-id' })).toEqual([]);
  });

  it('searches departName at every level and returns the matches flat', async () => {
    const found = await level({ departName: '*技师*' });
    expect(names(found)).toEqual(['技师管理部', '技师主管']);
    expect(found.every((r) => r.hasChildren === false)).toBe(true);
    expect(names(await level({ departName: '客服组' }))).toEqual(['客服组']);
    // LIKE wildcards in the text are literal
    expect(await level({ departName: '*%*' })).toEqual([]);
  });

  it('refuses a role without depart:list (510)', async () => {
    const other = await t.login('yunying');
    const r = await t.call('GET', '/sys/sysDepart/queryTreeTableList', { token: other });
    expect(r.body).toMatchObject({ success: false, code: 510 });
    const anonymous = await t.call('GET', '/sys/sysDepart/queryTreeTableList');
    expect(anonymous.status).toBe(401);
  });
});

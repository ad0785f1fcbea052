import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ALL_PERMISSION_CODES } from '../../src/shared/permissions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Node {
  path: string;
  hidden?: boolean;
  meta: { title?: string };
  children?: Node[];
}
const titles = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.meta.title ?? '', ...titles(n.children ?? [])]);

async function permissions(username: string) {
  const token = await t.login(username);
  const r = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
  expect(r.body).toMatchObject({ success: true, code: 0 });
  return r.body.result as {
    menu: Node[];
    auth: Array<{ action: string }>;
    allAuth: unknown[];
    sysSafeMode: boolean;
  };
}

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives admin the whole product menu, home first, and every button code', async () => {
    const p = await permissions('admin');
    expect(p.menu[0]).toMatchObject({ path: '/dashboard/analysis', meta: { title: '首页' } });
    const all = titles(p.menu);
    for (const area of [
      '系统管理',
      '系统监控',
      '轮播图',
      '商户档案',
      '配置',
      '物料商城',
      '技师管理',
      '订单',
      '对账单',
      '上门财务',
      '消息模板',
      '文件存储',
      '异常页',
      '个人页',
    ])
      expect(all).toContain(area);
    for (const page of [
      '用户管理',
      '角色管理',
      '菜单管理',
      '部门管理',
      '职务管理',
      '租户管理',
      '数据字典',
      '分类字典',
      '系统通告',
      '日志管理',
      '定时任务',
      '在线用户',
      '回收站',
      '磁盘监控',
      '请求追踪',
      '运行时信息',
      '数据库监控',
      '终端',
      '服务器信息',
      'HTTP服务信息',
      '车费',
      '平台配置',
      '版本',
      '商品',
      '物料订单',
      '技师财务统计',
      '服务项目',
      '技师提成',
      '技师服务',
      '上门订单',
      '异常订单',
      '403',
      '404',
      '500',
    ])
      expect(all).toContain(page);
    expect(new Set(p.auth.map((a) => a.action))).toEqual(new Set(ALL_PERMISSION_CODES));
    expect(p.allAuth).toHaveLength(ALL_PERMISSION_CODES.length);
    expect(p.sysSafeMode).toBe(false);
    const account = p.menu.find((n) => n.path === '/account')!;
    expect(account.hidden).toBe(true);
  });

  it('gives a plain staff member fewer menus and codes than admin, but still home', async () => {
    const p = await permissions('yuangong');
    const all = titles(p.menu);
    expect(p.menu[0]!.meta.title).toBe('首页');
    expect(all).not.toContain('系统管理');
    expect(all).not.toContain('用户管理');
    expect(p.auth.map((a) => a.action)).not.toContain('user:add');
    expect(p.allAuth).toHaveLength(ALL_PERMISSION_CODES.length);
  });

  it('gives the finance role its areas and not system administration', async () => {
    const all = titles((await permissions('caiwu')).menu);
    expect(all).toContain('对账单');
    expect(all).toContain('上门财务');
    expect(all).not.toContain('系统管理');
  });
});

describe('GET /sys/permission/menuPathExists', () => {
  it('tells a menu page of someone else’s menu from an unknown path, for any signed-in user', async () => {
    const token = await t.login('caiwu');
    const known = async (path: string) =>
      (await t.call('GET', `/sys/permission/menuPathExists?path=${encodeURIComponent(path)}`, { token }))
        .body;
    // 用户管理 is not caiwu's, but it is a page
    expect(titles((await permissions('caiwu')).menu)).not.toContain('用户管理');
    expect(await known('/isystem/user')).toMatchObject({ success: true, result: true });
    expect((await known('/no/such/page')).result).toBe(false);
    expect((await known('isystem/user')).result).toBe(false);
    // a folder is a menu too (the client redirects folders it has)
    expect((await known('/isystem')).result).toBe(true);
  });

  it('asks for a session', async () => {
    const r = await t.call('GET', '/sys/permission/menuPathExists?path=/isystem/user');
    expect(r.status).toBe(401);
  });
});

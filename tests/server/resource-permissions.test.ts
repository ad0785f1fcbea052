import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { varchar, pgTable } from 'drizzle-orm/pg-core';
import { ALL_PERMISSION_CODES, PERM } from '../../src/shared/permissions.ts';
import { SYSTEM_PERM } from '../../src/shared/permission-codes.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { auditFields, defineResource, type Resource } from '../../src/shared/resources/define.ts';
import { methodsOf, pathOf, type EndpointContract } from '../../src/shared/contracts.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { menuRows } from '../../src/server/db/seed/index.ts';
import type { SeedMenu } from '../../src/server/db/seed/data/types.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { throwaway } from '../support/throwaway.ts';

/**
 * Permission codes and menu buttons are derived from the declarations (src/shared/resources/access.ts):
 * the codes existing grants point at stay exactly those of before the derivation, every declared
 * operation and transition is guarded by its code and has a seeded button, and a new action needs
 * only its declaration.
 */

/**
 * ALL_PERMISSION_CODES as the hand-written PERM gave it before the codes were derived (185), the two
 * of 技师服务概况 since, those of 技师排班, 排班例外, 城市派单配置 and 派单记录, and 上门订单's derived ones, and
 * the 导出/导入 of 角色, 部门, 数据字典, 编码校验规则, 分类字典 and 系统通告 (the original client's buttons).
 */
const PINNED = [
  'user:list',
  'user:add',
  'user:edit',
  'user:delete',
  'user:freeze',
  'user:resetPassword',
  'user:select',
  'user:export',
  'user:import',
  'user:sex',
  'user:form:birthday',
  'user:form:phone',
  'role:list',
  'role:add',
  'role:edit',
  'role:delete',
  'role:authorize',
  'role:export',
  'role:import',
  'permission:list',
  'permission:add',
  'permission:edit',
  'permission:delete',
  'permission:dataRule',
  'depart:list',
  'depart:add',
  'depart:edit',
  'depart:delete',
  'depart:authorize',
  'depart:export',
  'depart:import',
  'position:list',
  'position:add',
  'position:edit',
  'position:delete',
  'position:export',
  'position:import',
  'tenant:list',
  'tenant:add',
  'tenant:edit',
  'tenant:delete',
  'tenant:all',
  'dict:list',
  'dict:add',
  'dict:edit',
  'dict:delete',
  'dict:refreshCache',
  'dict:export',
  'dict:import',
  'checkRule:list',
  'checkRule:add',
  'checkRule:edit',
  'checkRule:delete',
  'checkRule:export',
  'checkRule:import',
  'category:list',
  'category:add',
  'category:edit',
  'category:delete',
  'category:export',
  'category:import',
  'announcement:list',
  'announcement:add',
  'announcement:edit',
  'announcement:delete',
  'announcement:release',
  'announcement:revoke',
  'announcement:export',
  'announcement:import',
  'log:list',
  'log:delete',
  'log:export',
  'quartz:list',
  'quartz:add',
  'quartz:edit',
  'quartz:delete',
  'quartz:pause',
  'quartz:resume',
  'quartz:execute',
  'quartz:export',
  'quartz:import',
  'online:list',
  'online:forceLogout',
  'recycleBin:list',
  'recycleBin:restore',
  'recycleBin:delete',
  'monitor:disk',
  'monitor:trace',
  'monitor:runtime',
  'monitor:db',
  'monitor:terminal',
  'monitor:server',
  'monitor:http',
  'messageTemplate:list',
  'messageTemplate:add',
  'messageTemplate:edit',
  'messageTemplate:delete',
  'messageTemplate:export',
  'messageTemplate:import',
  'messageTemplate:send',
  'ossFile:list',
  'ossFile:upload',
  'ossFile:delete',
  'ossFile:download',
  'banner:list',
  'banner:add',
  'banner:edit',
  'banner:delete',
  'banner:forbid',
  'customer:list',
  'customer:add',
  'customer:edit',
  'customer:delete',
  'customer:export',
  'partner:list',
  'partner:add',
  'partner:edit',
  'partner:delete',
  'partner:updateStatus',
  'partner:export',
  'partner:import',
  'fare:list',
  'fare:add',
  'fare:edit',
  'fare:delete',
  'fare:export',
  'fare:import',
  'platformConfig:list',
  'platformConfig:edit',
  'platformConfig:export',
  'appVersion:list',
  'appVersion:add',
  'appVersion:edit',
  'appVersion:delete',
  'goods:list',
  'goods:add',
  'goods:edit',
  'goods:delete',
  'goods:export',
  'goods:import',
  // 物料订单 declared: no edit, delete or import (stock and ledger move only through add and transitions)
  'materialOrder:list',
  'materialOrder:add',
  'materialOrder:export',
  'materialOrder:ship',
  'materialOrder:receive',
  'materialOrder:cancel',
  'techFinance:list',
  'techFinance:export',
  'project:list',
  'project:add',
  'project:edit',
  'project:delete',
  'project:export',
  'project:import',
  'techCommission:list',
  'techCommission:add',
  'techCommission:edit',
  'techCommission:delete',
  'techCommission:export',
  'techCommission:import',
  'technician:list',
  'technician:add',
  'technician:edit',
  'technician:delete',
  'technician:export',
  'technician:import',
  'technician:updateStatus',
  'techService:list',
  'techService:add',
  'techService:edit',
  'techService:delete',
  'techService:export',
  'techService:import',
  'techSummary:list',
  'techSummary:export',
  'techShift:list',
  'techShift:add',
  'techShift:edit',
  'techShift:delete',
  'techShift:saveWeek',
  'techShift:export',
  'techShift:import',
  'techShiftException:list',
  'techShiftException:add',
  'techShiftException:edit',
  'techShiftException:delete',
  'techShiftException:export',
  'techShiftException:import',
  'dispatchCity:list',
  'dispatchCity:add',
  'dispatchCity:edit',
  'dispatchCity:delete',
  'dispatchCity:export',
  'dispatchCity:import',
  'dispatch:list',
  'dispatch:candidates',
  'dispatch:explain',
  'dispatch:export',
  // 上门订单 since its declaration: no delete or import (an order is cancelled or closed), its life's actions
  'visitOrder:list',
  'visitOrder:add',
  'visitOrder:edit',
  'visitOrder:export',
  'visitOrder:pay',
  'visitOrder:closeUnpaid',
  'visitOrder:assign',
  'visitOrder:reassign',
  'visitOrder:accept',
  'visitOrder:depart',
  'visitOrder:arrive',
  'visitOrder:start',
  'visitOrder:finish',
  'visitOrder:review',
  'visitOrder:cancel',
  'visitOrder:requestCancel',
  'visitOrder:approveCancel',
  'visitOrder:rejectCancel',
  'visitOrder:afterSale',
  'visitOrder:finishAfterSale',
  // 异常订单 declared: read and export, its handling as transitions (no add, edit, delete, import)
  'exceptionOrder:list',
  'exceptionOrder:export',
  'exceptionOrder:claim',
  'exceptionOrder:assignHandler',
  'exceptionOrder:resolve',
  // 资金流水 declared: read and export only (append-only, posted by the orders' transitions)
  'ledger:list',
  'ledger:export',
  // 提现 declared: requests, review, rejection and payment as transitions
  'withdraw:list',
  'withdraw:add',
  'withdraw:export',
  'withdraw:approve',
  'withdraw:reject',
  'withdraw:pay',
  // 对账单 declared: generated from the ledger (no add or import), a draft's remark edited, a draft
  // deleted; 确认, 结算, 重新打开 are transitions with codes of their own
  'statement:list',
  'statement:edit',
  'statement:delete',
  'statement:export',
  'statement:generate',
  'statement:confirm',
  'statement:settle',
  'statement:reopen',
  // 财务明细 declared on a view: read and export, and 分账
  'visitFinance:list',
  'visitFinance:export',
  'visitFinance:divideCash',
  // 保存的脚本 declared: a user's own scripts, run now and on a schedule (as their owner)
  'savedScript:list',
  'savedScript:add',
  'savedScript:edit',
  'savedScript:delete',
  'savedScript:run',
  'savedScript:schedule',
];

const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null };
const PASSWORD = 'Bare#Pass2024';
const resources = RESOURCES as unknown as readonly Resource[];

/** A throwaway resource with a new transition: nothing but this declaration names its code. */
const WIDGET = throwaway(
  defineResource({
    name: 'widget',
    title: '部件',
    path: '/demo/widget',
    operations: ['list', 'add', 'edit', 'delete'],
    component: 'demo/WidgetList',
    category: '部件',
    english: 'widget',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '部件', sheetName: '部件', filename: '部件.xlsx', asciiFilename: 'widgets.xlsx' },
    fields: [
      { key: 'title', title: '名称', type: 'string', required: true, max: 20 },
      {
        key: 'status',
        title: '状态',
        type: 'enum',
        options: [
          { value: 'draft', text: '草稿' },
          { value: 'approved', text: '已审核' },
        ],
      },
      ...auditFields(),
    ],
    states: {
      field: 'status',
      transitions: {
        approve: { title: '审核', from: ['draft'], to: 'approved' },
        // shares the code of an operation: no code, no button of its own
        redraft: { title: '退回草稿', from: ['approved'], to: 'draft', perm: 'edit' },
      },
    },
  }),
);
const widgets = pgTable('demo_widget', {
  id: idColumn(),
  title: varchar('title', { length: 20 }).notNull(),
  status: varchar('status', { length: 10 }),
  ...auditColumns(),
});
const widgetServer: ServerResource = { resource: WIDGET, table: widgets };
const WIDGET_MENU: SeedMenu = { name: '部件', url: '/demo/widget', component: 'demo/WidgetList' };

let t: TestApp;
let bare: string;
beforeAll(async () => {
  t = await createTestApp({}, { resources: [...SERVER_RESOURCES, widgetServer] });
  const admin = await t.login('admin');
  const body = { username: 'perm_bare', realname: '无权限', password: PASSWORD, confirmpassword: PASSWORD };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  bare = await t.login('perm_bare', PASSWORD);
});
afterAll(async () => t?.close());

/** The code the app guards `method path` with (app.routePermissions). */
const guardOf = (method: string, path: string) => t.app.routePermissions.get(`${method} ${BASE}${path}`);

/** A call by a signed-in user holding no code: refused with 510 before anything runs. */
async function refusedWithoutCode(c: EndpointContract): Promise<boolean> {
  const path = pathOf(c, { id: 'x1' });
  const res = await t.app.inject({
    method: c.method,
    url: `${BASE}${path}`,
    headers: { 'x-access-token': bare },
    ...(c.method === 'POST' || c.method === 'PUT' ? { payload: { id: 'x1', ids: 'x1' } } : {}),
  });
  const body = res.json() as Record<string, unknown>;
  return res.statusCode === 200 && Object.entries(NO_AUTH).every(([k, v]) => body[k] === v);
}

describe('permission codes derived from the declarations', () => {
  it('are exactly the codes of before the derivation (existing role grants point at them)', () => {
    expect(new Set(PINNED).size).toBe(PINNED.length);
    expect([...ALL_PERMISSION_CODES].sort()).toEqual([...PINNED].sort());
  });

  it("are the hand-written system codes plus every declared resource's derived ones", () => {
    const leaves = (o: object): string[] =>
      Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v as object)));
    const derived = new Set([...leaves(SYSTEM_PERM), ...resources.flatMap((r) => Object.values(r.perms))]);
    expect([...derived].sort()).toEqual([...PINNED].sort());
    // PERM.<domain> of a declared resource is the declaration's own object
    for (const r of resources)
      if (r.decl.component)
        expect((PERM as Record<string, unknown>)[r.permDomain], r.decl.name).toBe(r.perms);
  });

  it("give goods' shelve and unshelve goods:edit, and partner's actions one shared code", () => {
    const goods = resources.find((r) => r.decl.name === 'goods')!;
    expect(goods.states!.actions.map((a) => a.endpoint.permission)).toEqual(['goods:edit', 'goods:edit']);
    const partner = resources.find((r) => r.decl.name === 'partner')!;
    expect(new Set(partner.states!.actions.map((a) => a.endpoint.permission))).toEqual(
      new Set(['partner:updateStatus']),
    );
  });
});

describe('every operation and transition of every declared resource', () => {
  it('has a code, a route guarded by it that refuses a caller without it, and a seeded button', async () => {
    const rows = menuRows();
    const failures: string[] = [];
    for (const r of resources) {
      const contracts: Array<[string, EndpointContract]> = [
        ...Object.entries(r.endpoints as Record<string, EndpointContract>),
        ...(r.states?.actions ?? []).map((a): [string, EndpointContract] => [a.name, a.endpoint]),
      ];
      // a sub resource's buttons are its parent's page's
      const page = rows.find(
        (row) =>
          row.component ===
          resources.find((o) => o.decl.component && o.permDomain === r.permDomain)?.decl.component,
      );
      const buttons = new Set(rows.filter((row) => row.parentId === page?.id).map((row) => row.perms));
      for (const [what, c] of contracts) {
        const label = `${r.decl.name} ${what} ${c.method} ${c.path}`;
        if (!(Object.values(r.perms) as string[]).includes(c.permission))
          failures.push(`${label}: ${c.permission} is no code of it`);
        for (const m of methodsOf(c))
          if (guardOf(m, c.path) !== c.permission)
            failures.push(`${label}: guarded by ${guardOf(m, c.path)}`);
        if (!buttons.has(c.permission)) failures.push(`${label}: no seeded button for ${c.permission}`);
        if (!(await refusedWithoutCode(c))) failures.push(`${label}: not refused without ${c.permission}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('are seeded as buttons only once, under their own page', () => {
    const codes = menuRows()
      .filter((row) => row.menuType === 2)
      .map((row) => row.perms);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
  });
});

describe('a new action edits one file', () => {
  it('derives its code, its guarded route and its button from the declaration alone', async () => {
    expect(WIDGET.perms).toEqual({
      list: 'widget:list',
      add: 'widget:add',
      edit: 'widget:edit',
      delete: 'widget:delete',
      approve: 'widget:approve',
    });
    const approve = WIDGET.states!.actions.find((a) => a.name === 'approve')!.endpoint;
    expect(approve).toMatchObject({
      method: 'PUT',
      path: '/demo/widget/approve',
      permission: 'widget:approve',
    });
    expect(guardOf('PUT', '/demo/widget/approve')).toBe('widget:approve');
    expect(await refusedWithoutCode(approve)).toBe(true);
    // the reused code guards the other action
    expect(guardOf('PUT', '/demo/widget/redraft')).toBe('widget:edit');

    const rows = menuRows([WIDGET_MENU], [WIDGET]);
    expect(rows.filter((row) => row.menuType === 2).map((row) => [row.name, row.perms])).toEqual([
      ['查询', 'widget:list'],
      ['添加', 'widget:add'],
      ['编辑', 'widget:edit'],
      ['删除', 'widget:delete'],
      ['审核', 'widget:approve'],
    ]);
  });

  it('refuses a transition naming a code that is not declared, and a menu listing derived buttons', () => {
    const decl = {
      ...WIDGET.decl,
      states: {
        field: 'status',
        transitions: { approve: { title: '审核', from: ['draft'], to: 'approved', perm: 'aprove' } },
      },
    };
    expect(() => defineResource(decl)).toThrow(/uses the permission of aprove/);
    expect(() =>
      menuRows([{ ...WIDGET_MENU, buttons: [{ name: '查询', perms: PERM.goods.list }] }], [WIDGET]),
    ).toThrow(/buttons are derived from resource widget/);
  });
});

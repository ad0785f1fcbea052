import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { lt } from 'drizzle-orm';
import { boolean, date, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import { resourceColumns, type ServerResource } from '../../src/server/resources/register.ts';
import { stableId } from '../../src/server/lib/query/ids.ts';
import { BizError } from '../../src/server/lib/http/result.ts';
import { auditFields, defineResource } from '../../src/shared/resources/define.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { LOG } from '../../src/shared/resources/log.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { commandHelp } from '../../commands/core/help.ts';
import { resourceCommandEndpoints, resourceCommands } from '../../commands/resources/generate.ts';
import { formFields, listConfig } from '../../src/web/resources/resource-config.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { serverHarness } from '../commands/server-harness.ts';
import { defineCommand } from '../../commands/core/define-command.ts';
import { plainWorkbook, postParts } from './import-support.ts';
import { throwaway } from '../support/throwaway.ts';

/**
 * A throwaway entity declared in this one file gets the whole generated family: endpoints behind
 * its permissions, commands with help, a list page configuration and a validated form.
 */
const GADGET = throwaway(
  defineResource({
    name: 'gadget',
    title: '器材',
    path: '/demo/gadget',
    component: 'demo/GadgetList',
    category: '器材管理',
    english: 'gadget',
    socketKey: 'demo_gadget',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '器材', sheetName: '器材', filename: '器材.xlsx', asciiFilename: 'gadgets.xlsx' },
    fields: [
      {
        key: 'title',
        title: '名称',
        type: 'string',
        required: true,
        max: 20,
        unique: '名称已存在',
        filter: true,
        search: true,
      },
      { key: 'kind', title: '性别', type: 'dict', dict: 'sex', search: true },
      { key: 'price', title: '价格', type: 'money', required: true },
      { key: 'boughtOn', title: '购买日期', type: 'date' },
      { key: 'shared', title: '共用', type: 'boolean', list: false },
      ...auditFields(),
    ],
  }),
);

const gadgets = pgTable('demo_gadget', {
  id: idColumn(),
  title: varchar('title', { length: 20 }).notNull(),
  kind: varchar('kind', { length: 2 }),
  price: numeric('price', { precision: 15, scale: 2 }).notNull(),
  boughtOn: date('bought_on', { mode: 'string' }),
  shared: boolean('shared'),
  ...auditColumns(),
});

const published: Array<{ key: string; rows: readonly object[] }> = [];
const gadgetServer: ServerResource = { resource: GADGET, table: gadgets };

/**
 * The same table as a second resource using the extension points: only list and delete, a list
 * parameter that is no field (`cheap`), page extras, own list arguments and an overridden delete.
 */
const GADGET_VIEW = throwaway(
  defineResource({
    ...GADGET.decl,
    name: 'gadgetView',
    // the same codes as gadget's
    permDomain: 'gadget',
    path: '/demo/gadgetView',
    component: 'demo/GadgetView',
    operations: ['list', 'delete'],
    order: { list: ['price', 'title'], superQuery: ['price'] },
    page: {
      search: [
        { key: 'cheap', label: '便宜', first: true },
        { key: 'boughtOn_begin', label: '购买起', type: 'date' },
      ],
      actionsWidth: 90,
    },
    listArgs: {
      cheap: { param: 'cheap', help: '只列便宜的', choices: ['1'] },
      name: { param: 'title', help: '名称' },
    },
    fields: [
      { ...GADGET.decl.fields[0]!, filter: 'cheap', list: { sortable: false } },
      { ...GADGET.decl.fields[1]!, superQueryType: 'user' },
      { ...GADGET.decl.fields[2]!, queryable: false },
      ...GADGET.decl.fields.slice(3),
    ],
  }),
);
const gadgetViewServer: ServerResource = {
  resource: GADGET_VIEW,
  table: gadgets,
  listWhere: (query) => [query.cheap === '1' ? lt(gadgets.price, '50') : undefined],
  override: {
    delete: (generated) => (req, reply) => {
      if (req.query.id === 'locked') throw new BizError('已锁定');
      return generated(req, reply);
    },
  },
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { resources: [...SERVER_RESOURCES, gadgetServer, gadgetViewServer] });
  await t.database.rawQuery(
    `CREATE TABLE demo_gadget (id varchar(32) PRIMARY KEY, title varchar(20) NOT NULL UNIQUE, kind varchar(2),
       price numeric(15,2) NOT NULL, bought_on date, shared boolean, create_by varchar(32),
       create_time timestamptz DEFAULT now(), update_by varchar(32), update_time timestamptz)`,
    [],
  );
  // the button rows of its permissions, granted to the admin role only
  for (const op of Object.keys(GADGET.perms)) {
    const id = stableId(`perm:gadget:${op}`);
    await t.database.rawQuery(
      `INSERT INTO sys_permission (id, name, menu_type, perms, perms_type, status) VALUES ($1, $2, 2, $3, '1', '1')`,
      [id, op, `gadget:${op}`],
    );
    await t.database.rawQuery(
      `INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES ($1, $2, $3)`,
      [stableId(`rp:gadget:${op}`), stableId('role:admin'), id],
    );
  }
  admin = await t.login('admin');
  const realtime = t.app.realtime;
  const original = realtime.publishSaved.bind(realtime);
  realtime.publishSaved = async (key, audience, caseId, load) => {
    published.push({ key, rows: await load() });
    return original(key, audience, caseId, load);
  };
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: object = {}) =>
  t.call(method, path, { token: admin, ...opts });
const idOf = async (title: string) =>
  ((await call('GET', '/demo/gadget/list', { query: { title } })).body.result.records[0]?.id as string) ?? '';

describe('generated endpoints', () => {
  it('adds with the declared rules and messages, then lists, filters and super-queries', async () => {
    const add = (body: object) => call('POST', '/demo/gadget/add', { body });
    expect((await add({ price: '1' })).body.message).toBe('请输入名称');
    expect((await add({ title: 'x'.repeat(21), price: '1' })).body.message).toBe('最大长度20位字符');
    expect((await add({ title: '按摩床', price: '12.345' })).body.message).toBe('价格取值无效');
    expect((await add({ title: '按摩床', price: '1', kind: '9' })).body.message).toBe('性别取值无效');
    expect((await add({ title: '按摩床', price: '1', boughtOn: '2026-02-30' })).body.message).toBe(
      '购买日期格式应为YYYY-MM-DD',
    );
    expect(
      (await add({ title: '按摩床', price: '1280.50', kind: '1', boughtOn: '2026-01-02' })).body,
    ).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect((await add({ title: '按摩床', price: '1' })).body.message).toBe('名称已存在');
    await add({ title: '热石', price: '88', kind: '2' });
    await add({ title: '精油', price: '35' });

    const list = await call('GET', '/demo/gadget/list', { query: { title: '*按摩*' } });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({
      title: '按摩床',
      price: '1280.50',
      kind: '1',
      kind_dictText: '男',
      boughtOn: '2026-01-02',
      createBy: 'admin',
    });
    const superQuery = await call('GET', '/demo/gadget/list', {
      query: {
        superQueryMatchType: 'or',
        superQueryParams: encodeURIComponent(
          JSON.stringify([
            { field: 'kind', rule: 'eq', val: '2', type: 'select' },
            { field: 'title', rule: 'eq', val: '精油', type: 'string' },
          ]),
        ),
      },
    });
    expect(superQuery.body.result.records.map((r: { title: string }) => r.title).sort()).toEqual([
      '热石',
      '精油',
    ]);
    // the rows saved were pushed to open grids under the declared key, as the list shows them
    expect(published.filter((p) => p.key === 'demo_gadget')).toHaveLength(3);
    expect(published[0]!.rows[0]).toMatchObject({ title: '按摩床', kind_dictText: '男' });
  });

  it('edits partially: only id and one field, the rest stays; a sent required field may not be blanked', async () => {
    const id = await idOf('热石');
    const r = await call('PUT', '/demo/gadget/edit', { body: { id, price: '99.90' } });
    expect(r.body).toMatchObject({ success: true, message: '编辑成功!' });
    const row = (await call('GET', '/demo/gadget/queryById', { query: { id } })).body.result;
    expect(row).toMatchObject({ title: '热石', kind: '2', price: '99.90', updateBy: 'admin' });
    expect((await call('POST', '/demo/gadget/edit', { body: { id, title: ' ' } })).body.message).toBe(
      '请输入名称',
    );
    expect((await call('PUT', '/demo/gadget/edit', { body: { id: 'nope', price: '1' } })).body.message).toBe(
      '未找到对应实体',
    );
  });

  it('answers repeated or missing parameters with a clear message, never HTTP 500', async () => {
    const id = await idOf('热石');
    for (const url of [`/demo/gadget/queryById?id=${id}&id=${id}`, `/demo/gadget/delete?id=a&id=b`]) {
      const r = await t.app.inject({
        method: url.includes('delete') ? 'DELETE' : 'GET',
        url: `${BASE}${url}`,
        headers: { 'x-access-token': admin },
      });
      expect(r.statusCode, url).toBe(200);
      expect(r.json(), url).toMatchObject({ success: false, message: '操作失败，参数 id 的值无效' });
    }
    expect((await call('GET', '/demo/gadget/queryById')).body.message).toBe('未找到对应实体');
  });

  it('exports the list as .xlsx with the declared columns', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `${BASE}/demo/gadget/exportXls?title=${encodeURIComponent('*按摩*')}`,
      headers: { 'x-access-token': admin },
    });
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const values = ws
      .getRows(1, ws.rowCount)!
      .map((row) => Array.from({ length: 6 }, (_, c) => String(row.getCell(c + 1).value ?? '')));
    expect(values[0]![0]).toBe('器材');
    const header = 2;
    expect(values[header]).toEqual(['名称', '性别', '价格', '购买日期', '创建人', '创建时间']);
    expect(values[header + 1]!.slice(0, 4)).toEqual(['按摩床', '男', '1280.50', '2026-01-02']);
  });

  it('imports a sheet all or nothing per file, with the add rules', async () => {
    const good = await plainWorkbook([
      ['名称', '性别', '价格'],
      ['泡脚桶', '女', '45'],
    ]);
    const bad = await plainWorkbook([
      ['名称', '价格'],
      ['拔罐器', '20'],
      ['热石', '20'],
    ]);
    const r = await postParts(t, '/demo/gadget/importExcel', admin, [
      { name: 'files[]', filename: 'good.xlsx', content: good },
      { name: 'files[]', filename: 'bad.xlsx', content: bad },
    ]);
    expect(r.body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
    expect(await idOf('泡脚桶')).not.toBe('');
    expect(await idOf('拔罐器')).toBe('');
    const row = (await call('GET', '/demo/gadget/queryById', { query: { id: await idOf('泡脚桶') } })).body
      .result;
    expect(row).toMatchObject({ kind: '2', price: '45.00' });
  });

  it('deletes one and a batch (all or nothing), each behind its permission', async () => {
    const yuangong = await t.login('yuangong');
    for (const [method, url] of [
      ['GET', '/demo/gadget/list'],
      ['POST', '/demo/gadget/add'],
      ['PUT', '/demo/gadget/edit'],
      ['DELETE', '/demo/gadget/deleteBatch?ids=x'],
      ['GET', '/demo/gadget/exportXls'],
      ['POST', '/demo/gadget/importExcel'],
    ] as const) {
      const r = await t.call(method, url, { token: yuangong, ...(method === 'GET' ? {} : { body: {} }) });
      expect(r.body, url).toMatchObject({ success: false, code: 510 });
    }
    const ids = [await idOf('精油'), await idOf('泡脚桶')];
    expect(
      (await call('DELETE', '/demo/gadget/deleteBatch', { query: { ids: `${ids.join(',')},` } })).body
        .success,
    ).toBe(true);
    expect(await idOf('精油')).toBe('');
    const one = await idOf('热石');
    expect((await call('DELETE', '/demo/gadget/delete', { query: { id: one } })).body.message).toBe(
      '删除成功!',
    );
    expect((await call('DELETE', '/demo/gadget/delete', { query: { id: one } })).body.message).toBe(
      '未找到对应实体',
    );
  });
});

describe('declarations and tables', () => {
  it('map every declared field of every resource to a column, and refuse one that has none', () => {
    for (const sr of [...SERVER_RESOURCES, gadgetServer]) expect(() => resourceColumns(sr)).not.toThrow();
    const stray = throwaway(
      defineResource({
        ...GADGET.decl,
        fields: [...GADGET.decl.fields, { key: 'colour', title: '颜色', type: 'string' }],
      }),
    );
    expect(() => resourceColumns({ resource: stray, table: gadgets })).toThrow(/no column for field colour/);
  });
});

describe('generated commands', () => {
  it('add, list, edit and delete from the terminal, with help generated from the fields', async () => {
    const h = await serverHarness('admin', { app: t, commands: resourceCommands(GADGET) });
    h.state.answer = true;
    const help = commandHelp(h.registry.get('gadget.add')!).join('\n');
    expect(help).toContain('用法: gadget add [title] [price] [--kind <文本>] [--bought-on <文本>]');
    expect(help).toContain('性别（字典 sex 的值或名称）');
    expect(help).toContain('权限: gadget:add');
    const add = (await h.terminal('gadget add 刮痧板 19.9 --kind 1')).results;
    expect(add[0]?.error).toBeUndefined();
    const list = (await h.terminal('gadget list --title *刮痧*')).results;
    expect(list[0]?.result?.records).toEqual([expect.objectContaining({ title: '刮痧板', price: '19.90' })]);
    const id = (list[0]!.result!.records![0] as { id: string }).id;
    await h.terminal(`gadget edit ${id} --price 21`);
    expect((await call('GET', '/demo/gadget/queryById', { query: { id } })).body.result).toMatchObject({
      title: '刮痧板',
      kind: '1',
      price: '21.00',
    });
    await h.terminal('gadget list --title 刮痧板 | gadget delete');
    expect(await idOf('刮痧板')).toBe('');
    // every call a command made is one of the resource's contracts, with the command's permission,
    // or the dictionary read that turns an item typed by its text into its value
    const contracts = [...Object.values(GADGET.endpoints), ENDPOINTS.dict.getDictItems];
    const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
    for (const c of h.calls) {
      const contract = contracts.find((e) => pattern(e.path).test(c.path) && e.method === c.method);
      expect(contract, `${c.method} ${c.path}`).toBeTruthy();
    }
    expect(h.calls.length).toBeGreaterThanOrEqual(5);
    expect(h.permissionMismatches()).toEqual([]);
  });

  it('the harness catches a command calling an endpoint of another permission', async () => {
    const sneaky = defineCommand({
      id: 'gadget.sneak',
      title: '偷加器材',
      category: '器材管理',
      permission: GADGET.perms.list,
      async run(ctx) {
        await ctx.api.post(GADGET.endpoints.add!.path, { title: '偷偷加的', price: '1' });
        return { message: 'ok' };
      },
    });
    const h = await serverHarness('admin', { app: t, commands: [...resourceCommands(GADGET), sneaky] });
    await h.terminal('gadget sneak');
    expect(h.permissionMismatches()).toEqual([
      'gadget.sneak (gadget:list) calls POST /demo/gadget/add (gadget:add)',
    ]);
  });

  it("every generated command's permission is that of each endpoint it calls, for every resource", () => {
    for (const r of [...RESOURCES, GADGET]) {
      const commands = new Map(resourceCommands(r).map((c) => [c.id, c]));
      for (const [id, endpoints] of Object.entries(resourceCommandEndpoints(r)))
        for (const e of endpoints)
          expect(commands.get(id)?.permission, `${id} → ${e.path}`).toBe(e.permission);
    }
  });
});

describe('generated page and form', () => {
  it('list columns, search bar, super query, export/import and realtime come from the fields', () => {
    const config = listConfig(GADGET);
    expect(config.columns.map((c) => c.field)).toEqual([
      'title',
      'kind_dictText',
      'price',
      'boughtOn',
      'createBy',
      'createTime',
    ]);
    expect(config.columns[0]).toMatchObject({ filter: true });
    expect(config.search).toEqual([
      { key: 'title', label: '名称' },
      { key: 'kind', label: '性别', type: 'select', dictCode: 'sex' },
    ]);
    expect(config.superQuery?.map((f) => `${f.field}:${f.type}`)).toEqual([
      'title:string',
      'kind:select',
      'price:number',
      'boughtOn:date',
      'shared:select',
      'createTime:datetime',
    ]);
    expect(config.url).toEqual({
      list: '/demo/gadget/list',
      exportXls: '/demo/gadget/exportXls',
      importExcel: '/demo/gadget/importExcel',
    });
    expect(config.socketKey).toBe('demo_gadget');
    expect(formFields(GADGET).map((f) => f.key)).toEqual(['title', 'kind', 'price', 'boughtOn', 'shared']);
  });

  it('the form validates with the same rules as the server', () => {
    const bad = GADGET.addSchema.safeParse({ title: '', price: 'abc' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['请输入名称', '价格取值无效']);
    expect(GADGET.addSchema.parse({ title: ' 床 ', price: 12 })).toMatchObject({ title: '床', price: '12' });
  });
});

describe('extension points', () => {
  const view = (query: Record<string, string> = {}) =>
    call('GET', '/demo/gadgetView/list', { query: { pageSize: '100', ...query } });
  const titles = async (query: Record<string, string> = {}) =>
    ((await view(query)).body.result.records as Array<{ title: string }>).map((r) => r.title).sort();

  it('operations: only the declared endpoints, commands and page urls exist', async () => {
    expect(Object.keys(GADGET_VIEW.endpoints).sort()).toEqual(['delete', 'deleteBatch', 'list', 'queryById']);
    await call('POST', '/demo/gadget/add', { body: { title: '木梳', price: '12' } });
    await call('POST', '/demo/gadget/add', { body: { title: '理疗仪', price: '800' } });
    for (const [method, url] of [
      ['POST', '/demo/gadgetView/add'],
      ['PUT', '/demo/gadgetView/edit'],
      ['GET', '/demo/gadgetView/exportXls'],
      ['POST', '/demo/gadgetView/importExcel'],
    ] as const)
      expect((await call(method, url, { body: {} })).status, url).toBe(404);
    expect(resourceCommands(GADGET_VIEW).map((c) => c.id)).toEqual(['gadgetView.list', 'gadgetView.delete']);
    expect(Object.keys(resourceCommandEndpoints(GADGET_VIEW))).toEqual([
      'gadgetView.list',
      'gadgetView.delete',
    ]);
    expect(listConfig(GADGET_VIEW).url).toEqual({ list: '/demo/gadgetView/list' });
    expect(listConfig(GADGET_VIEW).perms).toEqual({});
  });

  it('listWhere: a list parameter that is no field narrows the list; queryable: false is neither filter nor sort', async () => {
    expect(await titles({ title: '木梳' })).toEqual(['木梳']);
    expect(await titles({ cheap: '1', title: '理疗仪' })).toEqual([]);
    expect(await titles({ cheap: '1', title: '木梳' })).toEqual(['木梳']);
    expect((await view({ column: 'price' })).body.message).toBe('请注意，将要排序的列字段不存在：price');
    expect((await call('GET', '/demo/gadget/list', { query: { column: 'price' } })).body.success).toBe(true);
  });

  it('override: a replaced endpoint answers first and falls back on the generated one', async () => {
    expect((await call('DELETE', '/demo/gadgetView/delete', { query: { id: 'locked' } })).body.message).toBe(
      '已锁定',
    );
    expect((await call('DELETE', '/demo/gadgetView/delete', { query: { id: 'nope' } })).body.message).toBe(
      '未找到对应实体',
    );
    const id = await idOf('木梳');
    expect((await call('DELETE', '/demo/gadgetView/delete', { query: { id } })).body.message).toBe(
      '删除成功!',
    );
    expect(await idOf('木梳')).toBe('');
  });

  it('listArgs: the list command has its own arguments, each sent as its list parameter', async () => {
    const h = await serverHarness('admin', { app: t, commands: resourceCommands(GADGET_VIEW) });
    const help = commandHelp(h.registry.get('gadgetView.list')!).join('\n');
    expect(help).toContain('只列便宜的');
    const records = async (line: string) => (await h.terminal(line)).results[0]?.result?.records;
    expect(await records('gadgetView list --name 理疗仪')).toEqual([
      expect.objectContaining({ title: '理疗仪' }),
    ]);
    expect(await records('gadgetView list --cheap 1 --name 理疗仪')).toEqual([]);
    expect((await h.terminal('gadgetView list --cheap 2')).results[0]?.status).toBe('error');
  });

  it('page extras: order, search params, header filter key, unsortable column, super query type, actions width', () => {
    const config = listConfig(GADGET_VIEW);
    expect(config.columns.map((c) => c.field).slice(0, 3)).toEqual(['price', 'title', 'kind_dictText']);
    expect(config.columns[1]).toMatchObject({ field: 'title', filter: 'cheap', sortField: false });
    expect(config.search).toEqual([
      { key: 'cheap', label: '便宜' },
      { key: 'title', label: '名称' },
      { key: 'kind', label: '性别', type: 'select', dictCode: 'sex' },
      { key: 'boughtOn_begin', label: '购买起', type: 'date' },
    ]);
    // price is not queryable here: the server refuses it in a super query, so the builder omits it
    expect(config.superQuery?.map((f) => `${f.field}:${f.type}`)).toEqual([
      'title:string',
      'kind:user',
      'boughtOn:date',
      'shared:select',
      'createTime:datetime',
    ]);
    expect(config.actionsWidth).toBe(90);
  });

  it('the log page is the one it was before the move', () => {
    expect(listConfig(LOG)).toEqual({
      pageKey: 'log',
      title: '日志',
      url: { list: '/sys/log/list', exportXls: '/sys/log/exportXls' },
      perms: { export: 'log:export' },
      queryKey: LOG.queryKey,
      columns: [
        { field: 'logContent', title: '日志内容', filter: 'keyWord', sortField: false },
        { field: 'username', title: '操作人', width: 120, filter: true },
        { field: 'ip', title: 'IP', width: 140, filter: true },
        { field: 'costTime', title: '耗时(毫秒)', width: 110 },
        { field: 'logType_dictText', title: '日志类型', width: 110 },
        { field: 'operateType_dictText', title: '操作类型', width: 110 },
        { field: 'createTime', title: '创建时间', width: 180 },
      ],
      search: [
        { key: 'keyWord', label: '搜索日志' },
        { key: 'logType', label: '日志类型', type: 'select', dictCode: 'log_type' },
        { key: 'createTime_begin', label: '开始日期', type: 'date' },
        { key: 'createTime_end', label: '结束日期', type: 'date' },
      ],
      superQuery: [
        { field: 'username', title: '操作人', type: 'user' },
        { field: 'ip', title: 'IP', type: 'string' },
        { field: 'logType', title: '日志类型', type: 'select', dictCode: 'log_type' },
        { field: 'operateType', title: '操作类型', type: 'select', dictCode: 'operate_type' },
        { field: 'costTime', title: '耗时(毫秒)', type: 'int' },
        { field: 'createTime', title: '创建时间', type: 'datetime' },
      ],
      authPrefix: 'log:',
      actionsWidth: 130,
      defaultSort: { column: 'createTime', order: 'desc' },
    });
    expect(resourceCommands(LOG).map((c) => `${c.id} ${c.title}`)).toEqual([
      'log.list 查询日志',
      'log.delete 删除日志',
    ]);
  });
});

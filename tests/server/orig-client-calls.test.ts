import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  sysAnnouncement,
  sysCategory,
  sysDepart,
  sysDictItem,
  sysLog,
  sysRole,
  sysUser,
  sysUserDepart,
  sysUserRole,
  yyProject,
  yyVisitOrderItem,
} from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { roleWith, userWith } from '../support/grant-roles.ts';

/**
 * The original JeecgBoot client's remaining calls (jeecg-api.md §6.1, 6.5, 6.6, 6.8, 6.9): each
 * answered with the original's path, parameters and shape, guarded by its code, refused without it
 * and without a token, and with a Chinese message for bad input.
 */
let t: TestApp;
let admin: string;
/** signed in, but holding no button of its own */
let nobody: string;
/** holds 数据字典's 查询 only */
let dictReader: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  nobody = (await userWith(t, admin, 'occ_nobody', await roleWith(t, 'occ_nobody', []))).token;
  dictReader = (await userWith(t, admin, 'occ_dict', await roleWith(t, 'occ_dict', ['dict:list']))).token;
});
afterAll(async () => t?.close());

const NO_AUTH = { success: false, code: 510 };

/** 510 for `token`, 401 without a token. */
async function refused(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
) {
  const r = await t.call(method, path, { token, body });
  expect(r.body, `${method} ${path}`).toMatchObject(NO_AUTH);
  expect((await t.call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
}

/** A new live dictionary with the given item values; its id and its items' ids by value. */
async function dictWith(code: string, values: string[]) {
  const add = await t.call('POST', '/sys/dict/add', {
    token: admin,
    body: { dictCode: code, dictName: code },
  });
  expect(add.body.success, JSON.stringify(add.body)).toBe(true);
  const list = await t.call('GET', '/sys/dict/list', { token: admin, query: { dictCode: code } });
  const dictId = list.body.result.records[0].id as string;
  for (const v of values) {
    const r = await t.call('POST', '/sys/dictItem/add', {
      token: admin,
      body: { dictId, itemText: `文本${v}`, itemValue: v },
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  const rows = await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.dictId, dictId));
  return { dictId, items: Object.fromEntries(rows.map((r) => [r.itemValue, r.id])) };
}

describe('GET /sys/dictItem/dictItemCheck', () => {
  it('says a value is free, taken, or free again for the item holding it', async () => {
    const { dictId, items } = await dictWith('occ_check', ['a', 'b']);
    const check = (query: Record<string, string>, token = dictReader) =>
      t.call('GET', '/sys/dictItem/dictItemCheck', { token, query });
    expect((await check({ dictId, itemValue: 'c' })).body).toMatchObject({
      success: true,
      code: 200,
      message: '该值可用！',
    });
    expect((await check({ dictId, itemValue: 'a' })).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await check({ dictId, itemValue: 'a', id: items.a! })).body).toMatchObject({ success: true });
    expect((await check({ dictId, itemValue: 'a', id: items.b! })).body.success).toBe(false);
  });

  it('asks for the value and a dictionary, and refuses without 数据字典 查询', async () => {
    const { dictId } = await dictWith('occ_check2', []);
    const r = await t.call('GET', '/sys/dictItem/dictItemCheck', { token: admin, query: { dictId } });
    expect(r.body).toMatchObject({ success: false, message: '请输入数据值' });
    const nodict = await t.call('GET', '/sys/dictItem/dictItemCheck', {
      token: admin,
      query: { dictId: 'nope', itemValue: 'x' },
    });
    expect(nodict.body).toMatchObject({ success: false, message: '未找到对应字典' });
    await refused('GET', `/sys/dictItem/dictItemCheck?dictId=${dictId}&itemValue=x`, nobody);
  });
});

describe('DELETE /sys/dictItem/deleteBatch', () => {
  it('deletes the items named (trailing comma as the original client sends), all or nothing', async () => {
    const { items } = await dictWith('occ_batch', ['1', '2', '3']);
    const missing = await t.call('DELETE', `/sys/dictItem/deleteBatch?ids=${items['1']},nope`, {
      token: admin,
    });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const r = await t.call('DELETE', `/sys/dictItem/deleteBatch?ids=${items['1']},${items['2']},`, {
      token: admin,
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    const left = await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.id, items['3']!));
    expect(left).toHaveLength(1);
    const gone = await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.id, items['1']!));
    expect(gone).toHaveLength(0);
  });

  it('asks for a selection and needs 数据字典 删除', async () => {
    const empty = await t.call('DELETE', '/sys/dictItem/deleteBatch?ids=', { token: admin });
    expect(empty.body).toMatchObject({ success: false, message: '请选择一条记录！' });
    await refused('DELETE', '/sys/dictItem/deleteBatch?ids=x', dictReader);
  });
});

describe('the dictionary recycle bin', () => {
  it('lists deleted dictionaries, takes one back, deletes another for good with its items', async () => {
    const kept = await dictWith('occ_bin_back', ['k']);
    const purged = await dictWith('occ_bin_purge', ['p1', 'p2']);
    for (const d of [kept, purged]) {
      const del = await t.call('DELETE', `/sys/dict/delete?id=${d.dictId}`, { token: admin });
      expect(del.body.success).toBe(true);
    }
    const bin = await t.call('GET', '/sys/dict/deleteList', { token: admin });
    expect(bin.body).toMatchObject({ success: true });
    const codes = (bin.body.result as Array<{ dictCode: string; delFlag: number }>).map((d) => d.dictCode);
    expect(codes).toEqual(expect.arrayContaining(['occ_bin_back', 'occ_bin_purge']));
    expect(codes).not.toContain('sex');

    const back = await t.call('PUT', `/sys/dict/back/${kept.dictId}`, { token: admin });
    expect(back.body).toMatchObject({ success: true, message: '操作成功!' });
    const live = await t.call('GET', '/sys/dict/list', { token: admin, query: { dictCode: 'occ_bin_back' } });
    expect(live.body.result.records).toHaveLength(1);
    const items = await t.call('GET', '/sys/dictItem/list', { token: admin, query: { dictId: kept.dictId } });
    expect(items.body.result.records.map((i: { itemValue: string }) => i.itemValue)).toEqual(['k']);

    const purge = await t.call('DELETE', `/sys/dict/deletePhysic/${purged.dictId}`, { token: admin });
    expect(purge.body).toMatchObject({ success: true, message: '删除成功!' });
    const rows = await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.dictId, purged.dictId));
    expect(rows).toHaveLength(0);
    const after = await t.call('GET', '/sys/dict/deleteList', { token: admin });
    const left = (after.body.result as Array<{ dictCode: string }>).map((d) => d.dictCode);
    expect(left).not.toContain('occ_bin_purge');
    expect(left).not.toContain('occ_bin_back');
  });

  it('refuses a live or unknown dictionary: only the bin is restored or purged', async () => {
    const live = await dictWith('occ_bin_live', ['x']);
    for (const [method, path] of [
      ['PUT', `/sys/dict/back/${live.dictId}`],
      ['DELETE', `/sys/dict/deletePhysic/${live.dictId}`],
      ['DELETE', '/sys/dict/deletePhysic/nope'],
    ] as const) {
      const r = await t.call(method, path, { token: admin });
      expect(r.body, path).toMatchObject({ success: false, message: '未找到对应实体' });
    }
    const still = await t.call('GET', '/sys/dict/list', {
      token: admin,
      query: { dictCode: 'occ_bin_live' },
    });
    expect(still.body.result.records).toHaveLength(1);
  });

  it('needs 数据字典 删除 (a reader of dictionaries is refused)', async () => {
    await refused('GET', '/sys/dict/deleteList', dictReader);
    await refused('PUT', '/sys/dict/back/x', dictReader);
    await refused('DELETE', '/sys/dict/deletePhysic/x', dictReader);
  });
});

describe('GET /sys/annountCement/syncNotic', () => {
  it("tells only the caller's own bell, about a notice they received, and answers bare success", async () => {
    const add = await t.call('POST', '/sys/annountCement/add', {
      token: admin,
      body: {
        titile: '同步测试',
        msgContent: '<p>内容</p>',
        msgType: 'ALL',
        priority: 'L',
        msgCategory: '1',
      },
    });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(sysAnnouncement)
      .where(eq(sysAnnouncement.titile, '同步测试'));
    const rel = await t.call('GET', '/sys/annountCement/doReleaseData', {
      token: admin,
      query: { id: row!.id },
    });
    expect(rel.body.success, JSON.stringify(rel.body)).toBe(true);
    // the reader's bell delivers it to them
    await t.call('GET', '/sys/annountCement/listByUser', { token: nobody });

    const send = vi.spyOn(t.app.notices, 'send');
    try {
      const r = await t.call('GET', '/sys/annountCement/syncNotic', {
        token: nobody,
        query: { anntId: row!.id },
      });
      expect(r.body).toMatchObject({ success: true, result: null });
      const none = await t.call('GET', '/sys/annountCement/syncNotic', { token: nobody });
      expect(none.body.success).toBe(true);
      expect(send).toHaveBeenCalledTimes(2);
      for (const [userId, message] of send.mock.calls) {
        expect(userId).not.toBeNull();
        expect(message).toEqual({ cmd: 'topic' });
      }
      const unknown = await t.call('GET', '/sys/annountCement/syncNotic', {
        token: nobody,
        query: { anntId: 'nope' },
      });
      expect(unknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
    expect((await t.call('GET', '/sys/annountCement/syncNotic')).status).toBe(401);
  });
});

describe('GET /sys/user/queryByIds', () => {
  it('answers the users named, in order, with only what a picker shows', async () => {
    const users = await t.call('GET', '/sys/user/list', { token: admin, query: { pageSize: '50' } });
    const byName = new Map(
      (users.body.result.records as Array<{ id: string; username: string }>).map((u) => [u.username, u.id]),
    );
    const ids = [byName.get('yuangong')!, byName.get('admin')!];
    const staff = await t.login('yuangong');
    const r = await t.call('GET', '/sys/user/queryByIds', {
      token: staff,
      query: { userIds: `${ids.join(',')},` },
    });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const rows = r.body.result as Array<Record<string, unknown>>;
    expect(rows.map((u) => u.username)).toEqual(['yuangong', 'admin']);
    for (const u of rows) {
      expect(
        Object.keys(u).every((k) =>
          ['id', 'username', 'realname', 'avatar', 'orgCode', 'orgCodeTxt', 'departIds'].includes(k),
        ),
      ).toBe(true);
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('salt');
      expect(u).not.toHaveProperty('phone');
    }
  });

  it('asks for users and needs 选择用户', async () => {
    const r = await t.call('GET', '/sys/user/queryByIds', { token: admin, query: { userIds: '' } });
    expect(r.body).toMatchObject({ success: false, message: '请选择用户' });
    await refused('GET', '/sys/user/queryByIds?userIds=x', nobody);
  });
});

describe('GET /sys/category/getChildListBatch', () => {
  it('answers the children of every parent as one page', async () => {
    const add = async (body: Record<string, string>) => {
      const r = await t.call('POST', '/sys/category/add', { token: admin, body });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    };
    await add({ pid: '0', name: '批量甲', code: 'OCCA' });
    await add({ pid: '0', name: '批量乙', code: 'OCCB' });
    const id = async (code: string) =>
      (await t.database.db.select().from(sysCategory).where(eq(sysCategory.code, code)))[0]!.id;
    const [a, b] = [await id('OCCA'), await id('OCCB')];
    await add({ pid: a, name: '甲一', code: 'OCCA01' });
    await add({ pid: a, name: '甲二', code: 'OCCA02' });
    await add({ pid: b, name: '乙一', code: 'OCCB01' });
    const r = await t.call('GET', '/sys/category/getChildListBatch', {
      token: admin,
      query: { parentIds: `${a},${b}` },
    });
    expect(r.body).toMatchObject({ success: true, result: { total: 3, current: 1, size: 10 } });
    const records = r.body.result.records as Array<{ code: string; pid: string }>;
    expect(records.map((c) => c.code).sort()).toEqual(['OCCA01', 'OCCA02', 'OCCB01']);
  });

  it('asks for the parents and needs 分类 查询', async () => {
    const r = await t.call('GET', '/sys/category/getChildListBatch', { token: admin });
    expect(r.body).toMatchObject({ success: false, message: '请指定上级分类' });
    await refused('GET', '/sys/category/getChildListBatch?parentIds=x', nobody);
  });
});

describe('POST /sys/message/sysMessageTemplate/sendMsg', () => {
  const P = '/sys/message/sysMessageTemplate';

  it("delivers the filled template to the receivers' bells as a system message", async () => {
    const add = await t.call('POST', `${P}/add`, {
      token: admin,
      body: {
        templateCode: 'occ_send',
        templateName: '测试发送',
        templateType: '4',
        templateContent: '<p>${name}您好</p>',
        templateTestJson: '{"name":"张三"}',
      },
    });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const send = vi.spyOn(t.app.notices, 'send');
    try {
      const r = await t.call('POST', `${P}/sendMsg`, {
        token: admin,
        body: {
          templateCode: 'occ_send',
          msgType: '4',
          receiver: 'occ_nobody,',
          testData: '{"name":"<b>李四</b>"}',
        },
      });
      expect(r.body).toMatchObject({ success: true, message: '发送消息任务添加成功！' });
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0]).not.toBeNull();
    } finally {
      send.mockRestore();
    }
    const bell = await t.call('GET', '/sys/annountCement/listByUser', { token: nobody });
    const msg = (bell.body.result.sysMsgList as Array<{ titile: string; msgContent: string }>).find(
      (m) => m.titile === '测试发送',
    );
    expect(msg?.msgContent).toBe('<p>&lt;b&gt;李四&lt;/b&gt;您好</p>');
    // nobody else received it
    const other = await t.call('GET', '/sys/annountCement/listByUser', { token: dictReader });
    expect((other.body.result.sysMsgList as Array<{ titile: string }>).map((m) => m.titile)).not.toContain(
      '测试发送',
    );
  });

  it('refuses bad input with Chinese messages and sends nothing', async () => {
    const send = vi.spyOn(t.app.notices, 'send');
    try {
      for (const [body, message] of [
        [{ receiver: 'admin' }, '请选择消息模板'],
        [{ templateCode: 'nope', receiver: 'admin' }, '模板编码不存在'],
        [{ templateCode: 'occ_send' }, '请选择消息接收方'],
        [{ templateCode: 'occ_send', receiver: ',' }, '请选择消息接收方'],
        [{ templateCode: 'occ_send', receiver: 'admin,ghost' }, '消息接收方中有不存在的用户'],
        [{ templateCode: 'occ_send', receiver: 'admin', msgType: '2' }, '暂不支持该消息类型，请选择系统消息'],
        [{ templateCode: 'occ_send', receiver: 'admin', testData: '[1]' }, undefined],
      ] as const) {
        const r = await t.call('POST', `${P}/sendMsg`, { token: admin, body });
        expect(r.body.success, JSON.stringify(body)).toBe(false);
        if (message) expect(r.body.message, JSON.stringify(body)).toBe(message);
      }
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });

  it('needs 消息模板 发送测试 (a staff account and one holding the list only are refused)', async () => {
    const lister = (
      await userWith(t, admin, 'occ_tpl', await roleWith(t, 'occ_tpl', ['messageTemplate:list']))
    ).token;
    const body = { templateCode: 'occ_send', receiver: 'admin' };
    await refused('POST', `${P}/sendMsg`, lister, body);
    await refused('POST', `${P}/sendMsg`, nobody, body);
  });
});

describe('/mock/api/* (the original 工作台 and 个人中心)', () => {
  const mock = (path: string, token: string) => t.call('GET', `/mock/api/${path}`, { token });

  it("answers every call in the mock's shape, and refuses without a token", async () => {
    for (const path of [
      'workplace/teams',
      'workplace/activity',
      'workplace/radar',
      'list/search/projects',
      'role',
      'service',
    ]) {
      const r = await mock(path, admin);
      expect(r.body.success, `${path}: ${JSON.stringify(r.body)}`).toBe(true);
      expect((await t.call('GET', `/mock/api/${path}`)).status, `${path} anonymous`).toBe(401);
    }
  });

  it("teams are the caller's departments, roles the caller's roles", async () => {
    const db = t.database.db;
    const userId = (await db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0]!.id;
    const departIds = (
      await db.select({ id: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, userId))
    ).map((r) => r.id);
    const names = departIds.length
      ? (await db.select().from(sysDepart).where(inArray(sysDepart.id, departIds))).map((d) => d.departName)
      : [];
    const teams = (await mock('workplace/teams', admin)).body.result as Array<{ id: string; name: string }>;
    expect(teams.map((x) => x.name).sort()).toEqual(names.sort());
    for (const team of teams) expect(team).toHaveProperty('avatar');

    const roleCodes = (
      await db
        .select({ code: sysRole.roleCode })
        .from(sysRole)
        .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRole.id))
        .where(eq(sysUserRole.userId, userId))
    ).map((r) => r.code);
    const roles = (await mock('role', admin)).body.result;
    expect(roles.totalCount).toBe(roleCodes.length);
    expect(roles.data.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(roleCodes.sort());
    // a staff account without roles of its own sees none of the admin's
    expect(
      (await mock('role', nobody)).body.result.data.map((r: { roleCode: string }) => r.roleCode),
    ).toEqual(['occ_nobody']);
  });

  it("activity is the caller's own latest operations; the radar counts them by kind", async () => {
    // an operation of the admin's: a dictionary added (operate type 2, 添加)
    const add = await t.call('POST', '/sys/dict/add', {
      token: admin,
      body: { dictCode: 'mock_activity', dictName: '工作台动态' },
    });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    await vi.waitFor(async () => {
      const activity = (await mock('workplace/activity', admin)).body.result as Array<{
        user: { nickname: string };
        project: { name: string; action: string };
        time: string;
      }>;
      expect(activity.length).toBeGreaterThan(0);
      expect(activity[0]!.project.action).toBe('添加');
      expect(activity[0]!.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
    // nobody's activity holds nobody's entries only (their refused calls are logged too)
    const theirs = (await mock('workplace/activity', nobody)).body.result as Array<{
      user: { nickname: string };
    }>;
    expect(theirs.every((a) => a.user.nickname === 'occ_nobody')).toBe(true);

    // the radar's 个人 is the caller's own log rows by operate type
    const kinds = ['查询', '添加', '编辑', '删除', '导入', '导出'];
    for (const [token, username] of [
      [admin, 'admin'],
      [nobody, 'occ_nobody'],
    ] as const) {
      const userId = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!
        .id;
      const rows = await t.database.db
        .select({ kind: sysLog.operateType, n: count() })
        .from(sysLog)
        .where(and(eq(sysLog.logType, 2), eq(sysLog.userid, userId)))
        .groupBy(sysLog.operateType);
      const radar = (await mock('workplace/radar', token)).body.result as Array<
        Record<string, number | string>
      >;
      expect(radar.map((r) => r.item)).toEqual(kinds);
      expect(radar.map((r) => r['个人'])).toEqual(
        kinds.map((_, i) => Number(rows.find((r) => r.kind === i + 1)?.n ?? 0)),
      );
    }
    const radar = (await mock('workplace/radar', nobody)).body.result as Array<
      Record<string, number | string>
    >;
    // everyone's average includes the admin's addition
    expect(Number(radar.find((r) => r.item === '添加')!['部门'])).toBeGreaterThan(0);
  });

  it('projects and services are the service projects with their order lines, for whoever may list them', async () => {
    const db = t.database.db;
    const all = await db.select().from(yyProject);
    expect(all.length).toBeGreaterThan(0);
    const projects = (await mock('list/search/projects', admin)).body.result;
    expect(projects.totalCount).toBe(all.length);
    expect(projects.data.map((p: { title: string }) => p.title).sort()).toEqual(
      all.map((p) => p.name).sort(),
    );

    const lines = await db
      .select({ projectId: yyVisitOrderItem.projectId, n: count() })
      .from(yyVisitOrderItem)
      .groupBy(yyVisitOrderItem.projectId);
    const service = (await mock('service', admin)).body.result.data as Array<{ key: string; callNo: number }>;
    for (const row of service)
      expect(row.callNo, row.key).toBe(Number(lines.find((l) => l.projectId === row.key)?.n ?? 0));

    // without 服务项目 查询 the lists are empty, not refused (the original page still opens)
    for (const path of ['list/search/projects', 'service']) {
      const r = await mock(path, nobody);
      expect(r.body.success).toBe(true);
      expect(r.body.result.data).toEqual([]);
    }
  });
});

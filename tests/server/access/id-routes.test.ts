import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, BASE, type TestApp } from '../../support/app.ts';
import { addUser, hideByRule, loginAdded, roleWithout } from '../../support/tenant-users.ts';
import { ANONYMOUS } from '../../../src/shared/permissions.ts';
import { SERVER_RESOURCES } from '../../../src/server/resources/index.ts';
import type { ServerResource } from '../../../src/server/resources/register.ts';
import { ownedCondition } from '../../../src/server/lib/access/tenant-scope.ts';
import { USER_RULE_TARGET } from '../../../src/server/repos/users.ts';
import {
  sysQuartzJobLog,
  sysUser,
  sysUserDepart,
  sysUserRole,
  sysUserToken,
  sysDepart,
  yyDispatchRecord,
} from '../../../src/server/db/schema/index.ts';
import { newId } from '../../../src/server/lib/query/ids.ts';
import { recordDispatch } from '../../../src/server/dispatch/record.ts';

/**
 * One access path (issue 22 item 5): every registered route that may take the id of a row is tried
 * with the id of a row hidden from the caller, by a data rule and by tenant, and must neither
 * answer the row nor change it.
 *
 * The routes come from `app.routePermissions`. A route's folder (its path without the last
 * segment and path parameters) says which rows it touches: the folder of a generated resource's
 * endpoints is that resource's (its generated endpoints, its declared extra routes and transitions
 * alike), `FOLDERS` names the hand-written folders holding users, and `GLOBAL` the folders whose
 * ids are of something every tenant shares and no data rule narrows, with the reason. A route in
 * no folder of these fails as not classified.
 *
 * Each route of a folder is called, as a caller the row is hidden from, with the hidden row's id
 * in every place an id goes: the path parameters, the query and the body (`ID_NAMES`), the body carrying the row as the administrator reads it (so an edit or a
 * state change is a complete request). The answer must not hold the row's id (exports are read as
 * sheets) and the row (for users, also their role and department links) must be unchanged.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Hiding = 'rule' | 'tenant';

/**
 * Hand-written folders whose routes take user ids (users are tenant-owned and rule-narrowed);
 * `/sys/user/self` is 账户设置, the caller's own account: another user's id in a body is refused.
 */
const USER_FOLDERS = ['/sys/user', '/sys/user/self', '/sys/sysDepartRole', '/sys/online'];

/** Folders whose routes take no id of a tenant-owned or rule-narrowed row, and why. */
const GLOBAL: Record<string, string> = {
  '': 'sockets: the user id in the path must be the caller’s own (checked against the token)',
  '/vxeSocket': 'sockets: the user id in the path must be the caller’s own (checked against the token)',
  '/sys': 'sign-in and the caller’s own session (login, logout, selectDepart, captcha, log statistics)',
  '/sys/permission':
    'menus, buttons and data rule definitions: one tree for every tenant, no data rule on it',
  '/sys/role/datarule': 'the data rules granted to a role on a menu: roles are checked under /sys/role',
  '/sys/sysDepart': 'departments: one organisation tree for every tenant, no data rule narrows it',
  '/sys/sysDepartPermission': 'menus granted to departments and department roles (no row of a tenant)',
  '/sys/sysDepartRole/datarule': 'data rules granted to department roles (no row of a tenant)',
  '/sys/dictItem': 'dictionary items: shared by every tenant (the dictionaries themselves are checked)',
  '/sys/duplicate': 'a uniqueness check of a value in an allow-listed table, answering yes or no',
  '/sys/common': 'uploads and stored files: addressed by path, not by a row id',
  '/sys/common/static': 'stored files: addressed by path, not by a row id',
  '/online/cgreport/api':
    'reports: addressed by report code; their rows go through the same reach (cgreport test)',
  '/sys/thirdApp': 'third-party app switches: no rows',
  '/sys/log/command': 'the caller’s own command log entry',
  '/sys/sysAnnouncementSend': 'the caller’s own announcement receipts (keyed by the caller)',
  '/mock/api':
    'the original client’s 工作台 mock: the caller’s own roles and the project catalogue, no id taken',
  '/mock/api/workplace': 'the caller’s own departments and operations, no id taken',
  '/mock/api/list/search': 'the project catalogue behind 服务项目 查询, no id taken',
  '/sys/monitor': '系统监控: figures of the instance and the database, no row of a tenant',
  '/actuator': '系统监控 (the JeecgBoot client’s request trace): no row of a tenant',
  '/actuator/metrics': '系统监控 (the JeecgBoot client’s metrics): figures, no row of a tenant',
  '/sys/actuator/redis': '系统监控 (the JeecgBoot client’s database and disk pages): figures, no rows',
  '/yy/ht/yyBasic':
    '首页 statistics: day figures over the caller’s reach of orders and ledger, no id taken (home-statistics test)',
};

/**
 * Routes of a checked folder that answer a hidden row on purpose, by hiding kind, with the reason.
 * (Keep this short: each entry is a route reaching rows outside the caller's list.)
 */
const PICKER =
  'a picker or lookup of rows other screens reference: tenant applies, data rules narrow the resource’s own screen only (lib/access/row-scope.ts reachScope)';
const MEMBERS =
  'a member tab of another menu (角色用户, 部门用户, 在线用户): the user rules of 用户管理 do not apply there; tenant does';
const EXEMPT: Record<string, Partial<Record<Hiding, string>>> = {
  'GET /sys/user/queryUserComponentData': { rule: PICKER },
  'GET /sys/user/getMultiUser': { rule: PICKER },
  // the picker's names of the users already chosen: what getMultiUser answers, by id
  'GET /sys/user/queryByIds': { rule: PICKER },
  'GET /yy/yyPartner/partnerList': { rule: PICKER },
  'GET /yy/yyProject/getProjectMap': { rule: PICKER },
  'GET /yy/yyTechnician/getTechMap': { rule: PICKER },
  'GET /sys/category/loadTreeRoot': { rule: PICKER },
  'GET /sys/category/loadTreeChildren': { rule: PICKER },
  'GET /sys/category/loadTreeData': { rule: PICKER },
  'GET /sys/category/loadAllData': { rule: PICKER },
  'GET /sys/category/pickList': { rule: PICKER },
  'GET /sys/role/queryall': { rule: PICKER },
  'GET /sys/tenant/queryList': { rule: PICKER },
  // data rules are per menu (JeecgBoot): the user rules of 用户管理 narrow that screen (list,
  // queryById, edit, delete, freeze, password, recycle bin); the member tabs of 角色管理 and 部门管理
  // and 在线用户 are other menus with no user rule target, where the tenant part applies
  'POST /sys/user/addSysUserRole': { rule: MEMBERS },
  'DELETE /sys/user/deleteUserRole': { rule: MEMBERS },
  'DELETE /sys/user/deleteUserRoleBatch': { rule: MEMBERS },
  'POST /sys/user/editSysDepartWithUser': { rule: MEMBERS },
  'DELETE /sys/user/deleteUserInDepart': { rule: MEMBERS },
  'DELETE /sys/user/deleteUserInDepartBatch': { rule: MEMBERS },
  'GET /sys/online/list': { rule: MEMBERS },
  'POST /sys/online/forceLogout': { rule: MEMBERS },
  'GET /sys/annountCement/listByUser': {
    rule: 'the caller’s own bell: a notice sent to them is theirs; data rules narrow the 系统通告 screen',
  },
  'GET /sys/tenant/getCurrentUserTenant': {
    rule: 'the caller’s own tenants, for choosing the tenant to work in (tenant applies)',
  },
};

/** the names an id goes by in queries and bodies (a parent's id included: `mainId`, `jobId` …) */
const ID_NAMES = ['id', 'ids', 'userId', 'userIds', 'mainId', 'jobId', 'anntId', 'roleId', 'departId'];

/**
 * Sub rows given to a hidden row, so that a route reading them by the parent's id has something
 * to leak (they carry the parent's id: the marker). Customers' addresses are seeded.
 */
const SUB_ROWS: Record<string, (id: string) => Promise<unknown>> = {
  job: (jobId) =>
    t.database.db.insert(sysQuartzJobLog).values({
      id: newId(),
      jobId,
      jobClassName: 'hidden',
      fireTime: new Date(),
      trigger: 'manual',
      startTime: new Date(),
      status: 'ok',
    }),
};

/** A row added (as the administrator) to the resources the seed leaves empty, to be hidden. */
const ADD_WHEN_EMPTY: Record<string, Record<string, unknown>> = {
  messageTemplate: {
    templateCode: 'hidden_tpl',
    templateName: '隐藏模板',
    templateType: '1',
    templateContent: 'x',
  },
};

/** Rows of a read-only resource, written by the server only, put in when the seed has none. */
const INSERT_WHEN_EMPTY: Record<string, () => Promise<unknown>> = {
  dispatch: async () => {
    const db = t.database.db;
    if ((await db.select({ id: yyDispatchRecord.id }).from(yyDispatchRecord).limit(1)).length) return;
    await recordDispatch(db, {
      orderId: 'hiddenorder00000000000000000001',
      projectIds: ['x'],
      location: { x: 120.13, y: 30.26 },
      start: new Date('2031-03-05T02:00:00Z'),
      end: new Date('2031-03-05T04:00:00Z'),
      strategy: 'distance',
      radiusKm: 10,
      candidates: [],
      mode: '1',
      by: 'admin',
    });
  },
};

interface Fixture {
  /** what is hidden, for messages */
  name: string;
  hiding: Hiding;
  id: string;
  /** text that appears in any answer holding the row */
  marker: string;
  /** the row as the administrator reads it (the body of the attack) */
  asRead: Record<string, unknown>;
  /** the stored row (and links) as JSON */
  snapshot(): Promise<string>;
  /** the other names of the request, pointing at rows the caller reaches (a role to link to …) */
  context?: Record<string, unknown>;
}

let t: TestApp;
let admin: string;
/** tenant 1, every permission but tenant:all, data rules hiding one row of every resource */
let ruled: string;
/** tenant 2, every permission but tenant:all */
let west: string;
const fixtures = new Map<string, Fixture[]>();
const problems: string[] = [];

const folderOf = (path: string) =>
  path
    .replace(/(\/(:[A-Za-z_]\w*|\*))+$/, '')
    .replace(/\/[^/]*$/, '')
    .replace(/^\/$/, '');

const apiRoutes = () =>
  [...t.app.routePermissions.entries()]
    .filter(([key]) => key.split(' ')[1]!.startsWith(`${BASE}/`) || !key.split(' ')[1]!.startsWith(BASE))
    .map(([key, perm]) => {
      const [method, url] = key.split(' ') as [Method, string];
      return { method, path: url.startsWith(BASE) ? url.slice(BASE.length) : url, perm };
    })
    .filter((r) => r.path.startsWith('/'));

const idColumn = (table: PgTable) => (getTableColumns(table) as Record<string, PgColumn>).id!;
const rowJson = async (table: PgTable, id: string | number) =>
  JSON.stringify(
    await t.database.db
      .select()
      .from(table)
      .where(eq(idColumn(table), id)),
  );

/** A row of a resource that tenant 1 reaches and tenant 2 does not (for tenant-owned resources). */
async function tenantOneRow(sr: ServerResource) {
  const db = t.database.db;
  const inOne = ownedCondition({ all: false, ids: [1], write: 1 }, sr.table, sr.tenant, db);
  const [row] = await db.select().from(sr.table).where(inOne).limit(1);
  return row as Record<string, unknown> | undefined;
}

async function adminRead(sr: ServerResource, id: string): Promise<Record<string, unknown>> {
  const q = sr.resource.endpoints.queryById;
  if (!q) return {};
  const r = await t.call('GET', q.path, { token: admin, query: { id } });
  return r.body?.success ? (r.body.result as Record<string, unknown>) : {};
}

const addFixture = (folder: string, f: Fixture) => fixtures.set(folder, [...(fixtures.get(folder) ?? []), f]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  expect(
    (await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } })).body,
  ).toMatchObject({ success: true });
  const ruledRole = await roleWithout(t, 'ruled_all');
  const westRole = await roleWithout(t, 'west_all');

  // a user of tenant 1 only: hidden from west by tenant, from the ruled caller by a rule
  const userId = await addUser(t, admin, 'hidden_user', { tenants: '1', phone: '13700000009' });
  const [depart] = await db.select({ id: sysDepart.id }).from(sysDepart).limit(1);
  // links of the hidden user to a role and a department, a session of theirs
  const sessionToken = await t.login('hidden_user');
  const context = {
    roleId: westRole,
    depId: depart!.id,
    departId: depart!.id,
    deptId: depart!.id,
    userIdList: [userId],
    token: sessionToken,
  };
  const userFixture = async (hiding: Hiding): Promise<Fixture> => ({
    name: `user hidden_user (${hiding})`,
    hiding,
    id: userId,
    marker: userId,
    asRead: (await t.call('GET', '/sys/user/queryById', { token: admin, query: { id: userId } })).body.result,
    snapshot: async () =>
      JSON.stringify([
        await db.select().from(sysUser).where(eq(sysUser.id, userId)),
        await db.select().from(sysUserRole).where(eq(sysUserRole.userId, userId)),
        await db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, userId)),
        await db.select().from(sysUserToken).where(eq(sysUserToken.userId, userId)),
      ]),
    context,
  });
  await hideByRule(t, ruledRole, USER_RULE_TARGET.component, userId);
  for (const folder of USER_FOLDERS) {
    addFixture(folder, await userFixture('tenant'));
    addFixture(folder, await userFixture('rule'));
  }

  for (const sr of SERVER_RESOURCES) {
    const { decl, endpoints } = sr.resource;
    const folder = folderOf((endpoints.queryById ?? endpoints.list)!.path);
    const fixture = async (hiding: Hiding, row: Record<string, unknown>): Promise<Fixture> => {
      const id = String(row.id);
      return {
        name: `${decl.name} ${id} (${hiding})`,
        hiding,
        id,
        marker: id.length >= 8 ? id : String(row.name),
        asRead: await adminRead(sr, id),
        snapshot: () => rowJson(sr.table, row.id as string),
      };
    };
    // a resource hiding nothing (no menu for a data rule, not tenant-owned): its folder is checked
    // by no fixture (e.g. the platform settings log, read through its settings)
    if (!fixtures.has(folder)) fixtures.set(folder, []);
    // a row of tenant 1 (every row when the resource is not tenant-owned)
    const body = ADD_WHEN_EMPTY[decl.name];
    if (body && !(await tenantOneRow(sr)))
      expect((await t.call('POST', endpoints.add!.path, { token: admin, body })).body).toMatchObject({
        success: true,
      });
    await INSERT_WHEN_EMPTY[decl.name]?.();
    const row = await tenantOneRow(sr);
    if (decl.component) {
      if (!row) problems.push(`${decl.name}: no row to hide by a data rule`);
      else {
        await hideByRule(t, ruledRole, decl.component, String(row.id));
        await SUB_ROWS[decl.name]?.(String(row.id));
        addFixture(folder, await fixture('rule', row));
      }
    }
    if (sr.tenant) {
      if (!row) problems.push(`${decl.name}: no row of tenant 1 to hide from tenant 2`);
      else addFixture(folder, await fixture('tenant', row));
    }
  }

  await addUser(t, admin, 'ruled_caller', { roleId: ruledRole, tenants: '1', phone: '13700000010' });
  await addUser(t, admin, 'west_caller', { roleId: westRole, tenants: '2', phone: '13700000011' });
  ruled = await loginAdded(t, 'ruled_caller');
  west = await loginAdded(t, 'west_caller');
});
afterAll(async () => t?.close());

/** The text of an answer: JSON as sent, a sheet as its cells. */
async function answerText(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return res.body;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const ws of wb.worksheets)
    ws.eachRow((r) => r.eachCell((c) => void cells.push(String(c.value ?? ''))));
  return cells.join('\n');
}

/** A refusal's answer without its message (undefined: not a refusal). */
function refusal(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { success?: unknown; message?: unknown };
    return body.success === false ? JSON.stringify({ ...body, message: undefined }) : undefined;
  } catch {
    return undefined;
  }
}

describe('a row hidden from the caller cannot be reached through any route taking an id', () => {
  it('classifies every registered route', () => {
    const unclassified = (routes: Array<{ method: Method; path: string; perm: unknown }>) =>
      routes
        .filter((r) => r.perm !== ANONYMOUS)
        .filter((r) => {
          const folder = folderOf(r.path);
          return !fixtures.has(folder) && !(folder in GLOBAL) && !(`${r.method} ${r.path}` in GLOBAL);
        })
        .map((r) => `route ${r.method} ${r.path} is not classified`);
    expect(unclassified(apiRoutes())).toEqual([]);
    // a route in a new folder is not classified until someone says whose rows it touches
    expect(unclassified([{ method: 'PUT', path: '/yy/yyOrder/accept', perm: 'order:accept' }])).toEqual([
      'route PUT /yy/yyOrder/accept is not classified',
    ]);
    // one beside a resource is its resource's, and called with its hidden rows
    expect(unclassified([{ method: 'PUT', path: '/yy/yyGoods/approve', perm: 'goods:approve' }])).toEqual([]);
    expect(problems).toEqual([]);
    // every declared resource with a menu hides a row by rule; every tenant-owned one by tenant
    const all = [...fixtures.values()].flat();
    expect(all.filter((f) => f.hiding === 'rule').length).toBeGreaterThan(20);
    expect(all.filter((f) => f.hiding === 'tenant').length).toBeGreaterThanOrEqual(5);
  });

  it('neither answers nor changes the hidden row', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const r of apiRoutes()) {
      if (r.perm === ANONYMOUS) continue;
      for (const f of fixtures.get(folderOf(r.path)) ?? []) {
        if (EXEMPT[`${r.method} ${r.path}`]?.[f.hiding]) continue;
        const token = f.hiding === 'rule' ? ruled : west;
        const ids = { ...Object.fromEntries(ID_NAMES.map((n) => [n, f.id])), ...f.context };
        const url = r.path.replace(/:[A-Za-z_]\w*/g, encodeURIComponent(f.id)).replace(/\*$/, f.id);
        const before = await f.snapshot();
        const res = await t.app.inject({
          method: r.method,
          url: `${BASE}${url}`,
          query: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)])),
          headers: { 'x-access-token': token },
          ...(r.method === 'POST' || r.method === 'PUT'
            ? { payload: { ...f.asRead, reason: '测试', ...ids } }
            : {}),
        });
        calls++;
        const text = await answerText(res);
        // a refusal may name the ids it was sent; what it must not hold is the row
        const answered = refusal(text) ?? text;
        // the callers hold every permission but tenant:all: a refusal for rights would prove nothing
        if (res.statusCode === 401 || text.includes('"code":510'))
          failures.push(
            `${r.method} ${r.path} refused ${f.name} for rights, not reach: ${text.slice(0, 120)}`,
          );
        if (answered.includes(f.marker))
          failures.push(`${r.method} ${r.path} answers ${f.name}: ${text.slice(0, 160)}`);
        if ((await f.snapshot()) !== before)
          failures.push(`${r.method} ${r.path} changed ${f.name}: ${text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  });
});

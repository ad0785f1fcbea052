import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray, or } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  sysDepartRole,
  sysPosition,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { resolveRuleValue } from '../../src/server/lib/access/data-rules.ts';
import { recordQueries } from '../../bench/lib/bench.ts';
import { DATA_RULE_MSG } from '../../src/shared/data-rule.ts';

/**
 * Data rules (jeecg-api.md §4.4): the rule endpoints, the grant to a role, and the rules applied by
 * the server to the list and export of the resource behind the menu (职务管理 → /sys/position).
 */

let t: TestApp;
let admin: string;
let clerk: string;
let roleId: string;
let positionMenu: string;
let userMenu: string;
let departMenu: string;
const PASSWORD = 'Passw0rd!';

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) => t.call(method, path, { token: admin, ...opts });
const rule = (body: Record<string, unknown>) =>
  call('POST', '/sys/permission/addPermissionRule', {
    body: { permissionId: positionMenu, ruleName: '规则', ruleConditions: '=', ruleValue: 'x', ...body },
  });
const rulesOf = async (permissionId: string) =>
  (await call('GET', '/sys/permission/getPermRuleListByPermId', { query: { permissionId } })).body
    .result as Array<{
    id: string;
    ruleName: string;
  }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  const menus = await db
    .select({ id: sysPermission.id, url: sysPermission.url, perms: sysPermission.perms })
    .from(sysPermission)
    .where(
      or(
        inArray(sysPermission.url, ['/isystem/position', '/isystem/user', '/isystem/depart']),
        inArray(sysPermission.perms, ['position:list', 'position:add', 'position:export']),
      ),
    );
  positionMenu = menus.find((m) => m.url === '/isystem/position')!.id;
  userMenu = menus.find((m) => m.url === '/isystem/user')!.id;
  departMenu = menus.find((m) => m.url === '/isystem/depart')!.id;
  // a role holding 职务管理 with list, add and export
  roleId = newId();
  await db.insert(sysRole).values({ id: roleId, roleName: '职务录入', roleCode: 'pos_clerk' });
  await db
    .insert(sysRolePermission)
    .values(
      menus
        .filter((m) => m.url !== '/isystem/user' && m.url !== '/isystem/depart')
        .map((m) => ({ id: newId(), roleId, permissionId: m.id })),
    );
  for (const username of ['clerk_a', 'clerk_b']) {
    const body = {
      username,
      realname: username,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: roleId,
    };
    expect((await call('POST', '/sys/user/add', { body })).body.success).toBe(true);
  }
  clerk = await t.login('clerk_a', PASSWORD);
  const other = await t.login('clerk_b', PASSWORD);
  const addPosition = async (code: string, token: string) =>
    expect(
      (await call('POST', '/sys/position/add', { token, body: { code, name: `职务${code}`, postRank: '1' } }))
        .body.success,
    ).toBe(true);
  for (const code of ['DR_A1', 'DR_A2']) await addPosition(code, clerk);
  await addPosition('DR_B1', other);
  await addPosition('DR_ADMIN', admin);
});
afterAll(async () => t?.close());

const listCodes = async (token: string) => {
  const r = await call('GET', '/sys/position/list', { token, query: { code: 'DR_*', pageSize: '50' } });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return (r.body.result.records as Array<{ code: string }>).map((x) => x.code).sort();
};
const exportCodes = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/jeecg-boot/sys/position/exportXls',
    query: { code: 'DR_*' },
    headers: { 'x-access-token': token },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = ws.getRow(3).values as unknown[];
  const col = header.indexOf('职务编码');
  expect(col).toBeGreaterThan(0);
  return (ws.getRows(4, ws.rowCount - 3) ?? []).map((r) => String(r.getCell(col).value)).sort();
};
const grant = (dataRuleIds: string, permissionId = positionMenu, role = roleId) =>
  call('POST', '/sys/role/datarule', { body: { permissionId, roleId: role, dataRuleIds } });

describe('rule endpoints', () => {
  it('adds, lists, queries, edits and deletes a rule; the menu gets its rule flag', async () => {
    const added = await rule({
      ruleName: '本人创建',
      ruleColumn: 'create_by',
      ruleValue: '#{sys_user_code}',
    });
    expect(added.body).toMatchObject({ success: true, message: DATA_RULE_MSG.added });
    const [r] = await rulesOf(positionMenu);
    // snake_case columns are stored as the resource's field
    expect(r).toMatchObject({
      ruleName: '本人创建',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      status: '1',
    });
    const [menu] = await t.database.db.select().from(sysPermission).where(eq(sysPermission.id, positionMenu));
    expect(menu!.ruleFlag).toBe(1);
    const found = await call('GET', '/sys/permission/queryPermissionRule', { query: { ruleName: '*本人*' } });
    expect(found.body.result.map((x: { id: string }) => x.id)).toEqual([r!.id]);
    const edited = await call('PUT', '/sys/permission/editPermissionRule', {
      body: { ...r, ruleName: '本人创建的', permissionId: userMenu },
    });
    expect(edited.body).toMatchObject({ success: true, message: DATA_RULE_MSG.edited });
    // a rule stays with its menu
    expect((await rulesOf(positionMenu))[0]).toMatchObject({ id: r!.id, ruleName: '本人创建的' });
    const gone = await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id: r!.id } });
    expect(gone.body).toMatchObject({ success: true, message: DATA_RULE_MSG.deleted });
    expect(await rulesOf(positionMenu)).toEqual([]);
    const [after] = await t.database.db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.id, positionMenu));
    expect(after!.ruleFlag).toBe(0);
    const again = await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id: r!.id } });
    expect(again.body).toMatchObject({ success: false, message: DATA_RULE_MSG.notFound });
  });

  it('refuses raw SQL rules, hostile or unknown columns, unknown variables and missing parts', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ruleConditions: 'USE_SQL_RULES', ruleValue: "1=1 OR create_by <> ''" }, DATA_RULE_MSG.sqlRefused],
      [{ ruleConditions: 'USE_SQL_RULES', ruleColumn: 'code', ruleValue: 'x' }, DATA_RULE_MSG.sqlRefused],
      [{ ruleColumn: 'code; DROP TABLE sys_user', ruleValue: 'x' }, DATA_RULE_MSG.columnInvalid],
      [{ ruleColumn: 'code" OR 1=1 --', ruleValue: 'x' }, DATA_RULE_MSG.columnInvalid],
      [{ ruleColumn: '1code' }, DATA_RULE_MSG.columnInvalid],
      [{ ruleColumn: 'password' }, DATA_RULE_MSG.columnNotField('password', '职务管理')],
      [{ ruleColumn: 'nonexistent_col' }, DATA_RULE_MSG.columnNotField('nonexistent_col', '职务管理')],
      [{ ruleColumn: 'code', ruleValue: '#{sys_password}' }, DATA_RULE_MSG.unknownVariable('sys_password')],
      [{ ruleColumn: 'code', ruleConditions: 'BETWEEN' }, DATA_RULE_MSG.conditionInvalid],
      [{ ruleColumn: 'code', ruleName: '' }, DATA_RULE_MSG.nameRequired],
      [{ ruleColumn: 'code', ruleValue: ' ' }, DATA_RULE_MSG.valueRequired],
      [{ ruleValue: 'x' }, DATA_RULE_MSG.columnRequired],
      [{ ruleColumn: 'code', permissionId: 'nope' }, DATA_RULE_MSG.menuMissing],
      // a menu whose page has no list rules narrow: the rule would never apply
      [{ ruleColumn: 'code', permissionId: departMenu }, DATA_RULE_MSG.noList('部门管理')],
    ];
    for (const [body, message] of cases)
      expect((await rule(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
    expect(await rulesOf(positionMenu)).toEqual([]);
    const noRights = await call('POST', '/sys/permission/addPermissionRule', {
      token: clerk,
      body: {
        permissionId: positionMenu,
        ruleName: 'x',
        ruleColumn: 'code',
        ruleConditions: '=',
        ruleValue: 'x',
      },
    });
    expect(noRights.body).toMatchObject({ success: false, code: 510 });
    const noList = await call('GET', '/sys/permission/getPermRuleListByPermId', {
      token: clerk,
      query: { permissionId: positionMenu },
    });
    expect(noList.body).toMatchObject({ code: 510 });
  });

  it('grants rules to a role per menu (only the menu’s own, only on a granted menu)', async () => {
    expect((await call('GET', `/sys/role/datarule/${positionMenu}/${roleId}`)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.noRules,
    });
    await rule({ ruleName: '编码DR', ruleColumn: 'code', ruleConditions: 'RIGHT_LIKE', ruleValue: 'DR_' });
    const [r] = await rulesOf(positionMenu);
    const shown = await call('GET', `/sys/role/datarule/${positionMenu}/${roleId}`);
    expect(shown.body.result.datarule.map((x: { id: string }) => x.id)).toEqual([r!.id]);
    expect(shown.body.result.drChecked).toBeUndefined();
    expect((await grant(r!.id)).body).toMatchObject({ success: true, message: DATA_RULE_MSG.saved });
    expect((await call('GET', `/sys/role/datarule/${positionMenu}/${roleId}`)).body.result.drChecked).toBe(
      r!.id,
    );
    // the user menu is not granted to the role
    await call('POST', '/sys/permission/addPermissionRule', {
      body: {
        permissionId: userMenu,
        ruleName: '用户规则',
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: 'x',
      },
    });
    const [userRule] = await rulesOf(userMenu);
    expect((await grant(userRule!.id, userMenu)).body).toMatchObject({ message: DATA_RULE_MSG.grantFirst });
    expect((await grant(userRule!.id)).body).toMatchObject({ message: DATA_RULE_MSG.foreignRule });
    expect((await grant('', positionMenu, 'no-role')).body).toMatchObject({
      message: DATA_RULE_MSG.grantFirst,
    });
    const refused = await call('POST', '/sys/role/datarule', {
      token: clerk,
      body: { permissionId: positionMenu, roleId, dataRuleIds: '' },
    });
    expect(refused.body).toMatchObject({ code: 510 });
    // clean up for the next suite step
    expect((await grant('')).body).toMatchObject({ success: true });
    await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id: r!.id } });
  });
});

describe('many rules on one menu', () => {
  it('grants a role all 40 rules of a menu (more than 1,000 characters of ids)', async () => {
    for (let i = 0; i < 40; i++)
      expect(
        (
          await rule({
            ruleName: `多规则${i}`,
            ruleColumn: 'code',
            ruleConditions: '!=',
            ruleValue: `NONE${i}`,
          })
        ).body,
      ).toMatchObject({ success: true });
    const ids = (await rulesOf(positionMenu)).filter((r) => r.ruleName.startsWith('多规则')).map((r) => r.id);
    expect(ids).toHaveLength(40);
    expect((await grant(ids.join(','))).body).toMatchObject({ success: true, message: DATA_RULE_MSG.saved });
    const shown = await call('GET', `/sys/role/datarule/${positionMenu}/${roleId}`);
    expect(String(shown.body.result.drChecked).split(',').sort()).toEqual([...ids].sort());
    expect((await grant('')).body).toMatchObject({ success: true });
    for (const id of ids) await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id } });
  });
});

describe('rules applied to the list and export of the resource behind the menu', () => {
  it('createBy = #{sys_user_code} limits a clerk’s list and export to their own rows, on the next request', async () => {
    const all = ['DR_A1', 'DR_A2', 'DR_ADMIN', 'DR_B1'];
    expect(await listCodes(clerk)).toEqual(all);
    expect(await exportCodes(clerk)).toEqual(all);
    await rule({ ruleName: '本人创建', ruleColumn: 'createBy', ruleValue: '#{sys_user_code}' });
    const [own] = await rulesOf(positionMenu);
    // a rule not granted to the role changes nothing
    expect(await listCodes(clerk)).toEqual(all);
    expect((await grant(own!.id)).body.success).toBe(true);
    expect(await listCodes(clerk)).toEqual(['DR_A1', 'DR_A2']);
    expect(await exportCodes(clerk)).toEqual(['DR_A1', 'DR_A2']);
    // other users keep their own view: the admin's role holds no rule
    expect(await listCodes(admin)).toEqual(all);
    expect(await exportCodes(admin)).toEqual(all);
    // a disabled rule no longer applies
    await call('PUT', '/sys/permission/editPermissionRule', { body: { ...own, status: '0' } });
    expect(await listCodes(clerk)).toEqual(all);
    await call('PUT', '/sys/permission/editPermissionRule', { body: { ...own, status: '1' } });
    expect(await listCodes(clerk)).toEqual(['DR_A1', 'DR_A2']);
  });

  it('a row the rules hide from the list cannot be read, edited or deleted by id either', async () => {
    await rule({ ruleName: '仅本人', ruleColumn: 'createBy', ruleValue: '#{sys_user_code}' });
    const mine = (await rulesOf(positionMenu)).find((r) => r.ruleName === '仅本人');
    expect((await grant(mine!.id)).body.success).toBe(true);
    const db = t.database.db;
    const idOf = async (code: string) =>
      (await db.select({ id: sysPosition.id }).from(sysPosition).where(eq(sysPosition.code, code)))[0]!.id;
    const foreign = await idOf('DR_ADMIN');
    const own = await idOf('DR_A1');
    const byId = (id: string) => call('GET', '/sys/position/queryById', { token: clerk, query: { id } });
    expect((await byId(own)).body.success).toBe(true);
    expect((await byId(foreign)).body.success).toBe(false);
    const edit = await call('PUT', '/sys/position/edit', {
      token: clerk,
      body: { id: foreign, name: '改掉别人的' },
    });
    expect(edit.body.success).toBe(false);
    const del = await call('DELETE', '/sys/position/delete', { token: clerk, query: { id: foreign } });
    expect(del.body.success).toBe(false);
    const [still] = await db.select().from(sysPosition).where(eq(sysPosition.id, foreign));
    expect(still?.name).toBe('职务DR_ADMIN');
    // the admin (no rule) still reaches it
    expect((await call('GET', '/sys/position/queryById', { query: { id: foreign } })).body.success).toBe(
      true,
    );
    await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id: mine!.id } });
  });

  it('ANDs several rules (IN, LIKE, !=) and typed comparisons, all bound', async () => {
    await rule({
      ruleName: '编码包含',
      ruleColumn: 'code',
      ruleConditions: 'IN',
      ruleValue: 'DR_A1,DR_B1,DR_ADMIN',
    });
    await rule({
      ruleName: '名称模糊',
      ruleColumn: 'name',
      ruleConditions: 'LIKE',
      ruleValue: "A1' OR '1'='1",
    });
    const ids = (await rulesOf(positionMenu)).map((r) => r.id).join(',');
    expect((await grant(ids)).body.success).toBe(true);
    // own rows ∩ listed codes ∩ a name holding the hostile text literally: none
    expect(await listCodes(clerk)).toEqual([]);
    const [, , like] = await rulesOf(positionMenu);
    await call('PUT', '/sys/permission/editPermissionRule', { body: { ...like, ruleValue: 'A1' } });
    expect(await listCodes(clerk)).toEqual(['DR_A1']);
    expect(await exportCodes(clerk)).toEqual(['DR_A1']);
    await call('PUT', '/sys/permission/editPermissionRule', {
      body: { ...like, ruleConditions: '!=', ruleValue: '职务DR_A1' },
    });
    expect(await listCodes(clerk)).toEqual([]);
  });

  it('a rule that cannot be applied hides every row: raw SQL, or a column that is no field', async () => {
    const db = t.database.db;
    const ids = (await rulesOf(positionMenu)).map((r) => r.id);
    for (const id of ids) await call('DELETE', '/sys/permission/deletePermissionRule', { query: { id } });
    // rows written around the endpoint (an imported JeecgBoot table): a raw SQL rule and a column
    // that is no field of the resource
    const { sysPermissionDataRule: R } = await import('../../src/server/db/schema/index.ts');
    const sqlRule = newId();
    const inert = newId();
    await db.insert(R).values([
      {
        id: sqlRule,
        permissionId: positionMenu,
        ruleName: 'sql',
        ruleConditions: 'USE_SQL_RULES',
        ruleValue: '1=1',
      },
      {
        id: inert,
        permissionId: positionMenu,
        ruleName: 'inert',
        ruleColumn: 'no_such',
        ruleConditions: '=',
        ruleValue: 'x',
      },
    ]);
    // a column the list does not have (written by hand) is not silently skipped: nothing is shown
    expect((await grant(inert)).body.success).toBe(true);
    expect(await listCodes(clerk)).toEqual([]);
    expect(await exportCodes(clerk)).toEqual([]);
    expect((await grant(sqlRule)).body.success).toBe(true);
    expect(await listCodes(clerk)).toEqual([]);
    expect(await exportCodes(clerk)).toEqual([]);
    // without those rules the list is the full one again
    await db.delete(R).where(and(eq(R.permissionId, positionMenu), inArray(R.id, [sqlRule, inert])));
    expect(await listCodes(clerk)).toEqual(['DR_A1', 'DR_A2', 'DR_ADMIN', 'DR_B1']);
  });

  it('reads rules from the process cache: a warm list with a rule sends no statement for it', async () => {
    await rule({ ruleName: '本人', ruleColumn: 'createBy', ruleValue: '#{sys_user_code}' });
    const ids = (await rulesOf(positionMenu)).map((r) => r.id).join(',');
    expect((await grant(ids)).body.success).toBe(true);
    expect(await listCodes(clerk)).toEqual(['DR_A1', 'DR_A2']);
    const before = { ...t.app.dataRules.stats };
    const sent = await recordQueries(t.database, async () => {
      const r = await call('GET', '/sys/position/list', { token: clerk, query: { pageSize: '1' } });
      expect(r.body.success).toBe(true);
    });
    // the page and at most one count (on PostgreSQL the cache counters too); no rule read
    expect(sent.length, sent.map((q) => q.sql).join('\n')).toBeLessThanOrEqual(
      t.database.kind === 'postgres' ? 3 : 2,
    );
    expect(sent.some((q) => q.sql.includes('sys_permission_data_rule'))).toBe(false);
    await exportCodes(clerk);
    expect(t.app.dataRules.stats.misses).toBe(before.misses);
    expect(t.app.dataRules.stats.hits).toBe(before.hits + 2);
  });
});

describe('rules on 用户管理 (a list built by hand)', () => {
  it('username = #{sys_user_code} narrows the user list and its export', async () => {
    const db = t.database.db;
    const perms = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(or(eq(sysPermission.id, userMenu), inArray(sysPermission.perms, ['user:list', 'user:export'])));
    const viewer = newId();
    await db.insert(sysRole).values({ id: viewer, roleName: '用户查看', roleCode: 'user_viewer' });
    await db
      .insert(sysRolePermission)
      .values(perms.map((p) => ({ id: newId(), roleId: viewer, permissionId: p.id })));
    const body = {
      username: 'uv_a',
      realname: 'uv_a',
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: viewer,
      relTenantIds: '1',
    };
    expect((await call('POST', '/sys/user/add', { body })).body.success).toBe(true);
    const token = await t.login('uv_a', PASSWORD);
    const listed = async () =>
      (
        (await call('GET', '/sys/user/list', { token, query: { pageSize: '100' } })).body.result
          .records as Array<{
          username: string;
        }>
      ).map((u) => u.username);
    expect((await listed()).length).toBeGreaterThan(1);
    await rule({
      permissionId: userMenu,
      ruleName: '本人',
      ruleColumn: 'username',
      ruleValue: '#{sys_user_code}',
    });
    const own = (await rulesOf(userMenu)).find((r) => r.ruleName === '本人');
    expect((await grant(own!.id, userMenu, viewer)).body.success).toBe(true);
    expect(await listed()).toEqual(['uv_a']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/user/exportXls',
      headers: { 'x-access-token': token },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount - 3).toBe(1);
    // the admin is not narrowed
    expect(
      (await call('GET', '/sys/user/list', { query: { pageSize: '100' } })).body.result.records.length,
    ).toBeGreaterThan(1);
    // a column the user list does not have is refused
    expect((await rule({ permissionId: userMenu, ruleColumn: 'salt' })).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.columnNotField('salt', '用户管理'),
    });
  });
});

describe('rules held through a department role', () => {
  it('apply like those of a role', async () => {
    const db = t.database.db;
    const body = {
      username: 'dept_clerk',
      realname: '部门职员',
      password: PASSWORD,
      confirmpassword: PASSWORD,
    };
    expect((await call('POST', '/sys/user/add', { body })).body.success).toBe(true);
    const [user] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(eq(sysUser.username, 'dept_clerk'));
    await rule({ ruleName: '只看B1', ruleColumn: 'code', ruleValue: 'DR_B1' });
    const only = (await rulesOf(positionMenu)).find((r) => r.ruleName === '只看B1')!;
    const [listButton] = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(eq(sysPermission.perms, 'position:list'));
    const departId = newId();
    const droleId = newId();
    await db
      .insert(sysDepartRole)
      .values({ id: droleId, departId, roleName: '部门职务', roleCode: 'dept_pos' });
    await db.insert(sysDepartRoleUser).values({ id: newId(), userId: user!.id, droleId });
    await db.insert(sysDepartRolePermission).values([
      { id: newId(), departId, roleId: droleId, permissionId: positionMenu, dataRuleIds: only.id },
      { id: newId(), departId, roleId: droleId, permissionId: listButton!.id },
    ]);
    const token = await t.login('dept_clerk', PASSWORD);
    expect(await listCodes(token)).toEqual(['DR_B1']);
    // the department role holds no export right
    const exported = await call('GET', '/sys/position/exportXls', { token, query: { code: 'DR_*' } });
    expect(exported.body).toMatchObject({ success: false, code: 510 });
  });
});

describe('the grant limit of role data rules', () => {
  it('refuses a menu the caller does not hold, and loosening a rule that binds the caller', async () => {
    const db = t.database.db;
    const [authorize] = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(eq(sysPermission.perms, 'role:authorize'));
    await rule({ ruleName: '委托人约束', ruleColumn: 'createBy', ruleValue: '#{sys_user_code}' });
    const binding = (await rulesOf(positionMenu)).find((r) => r.ruleName === '委托人约束')!;
    const delegateRole = newId();
    await db.insert(sysRole).values({ id: delegateRole, roleName: '委托授权', roleCode: 'rule_delegate' });
    await db.insert(sysRolePermission).values([
      { id: newId(), roleId: delegateRole, permissionId: authorize!.id },
      { id: newId(), roleId: delegateRole, permissionId: positionMenu, dataRuleIds: binding.id },
    ]);
    // the delegate holds every right of the role they change (else that role is not theirs to change)
    const clerkRights = await db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
    await db
      .insert(sysRolePermission)
      .values(
        clerkRights
          .filter((r) => r.permissionId !== positionMenu)
          .map((r) => ({ id: newId(), roleId: delegateRole, permissionId: r.permissionId })),
      );
    const body = {
      username: 'rule_delegate',
      realname: '委托人',
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: delegateRole,
    };
    expect((await call('POST', '/sys/user/add', { body })).body.success).toBe(true);
    const delegate = await t.login('rule_delegate', PASSWORD);
    const save = (dataRuleIds: string, permissionId = positionMenu) =>
      call('POST', '/sys/role/datarule', { token: delegate, body: { permissionId, roleId, dataRuleIds } });
    expect((await save('')).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.looser(['委托人约束']),
    });
    expect((await save(binding.id)).body).toMatchObject({ success: true });
    await db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: userMenu });
    expect((await save('', userMenu)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.menuNotHeld,
    });
  });
});

describe('system variables of rule values', () => {
  const vars = (orgCodes: string[] = []) => ({
    user: { username: 'zhangsan', realname: '张三', orgCode: 'A01A03' },
    orgCodes: async () => orgCodes,
    timezone: 'Asia/Shanghai',
    now: new Date('2024-03-04T16:05:06Z'),
  });
  it('replaces every spelling of the variables; unknown ones become empty', async () => {
    expect(await resolveRuleValue('#{sys_user_code}', vars())).toBe('zhangsan');
    expect(await resolveRuleValue('#{sysUserName}-#{sys_org_code}', vars())).toBe('张三-A01A03');
    expect(await resolveRuleValue('#{sys_multi_org_code}', vars(['A01', 'A02A01']))).toBe('A01,A02A01');
    expect(await resolveRuleValue('#{sys_date}', vars())).toBe('2024-03-05');
    expect(await resolveRuleValue('#{ sys_time }', vars())).toBe('2024-03-05 00:05:06');
    expect(await resolveRuleValue('x#{nope}y', vars())).toBe('xy');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysUser,
  sysUserDepart,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

/**
 * dept perm, dept role list|add|delete and the data-rule grants (dept datarule, dept role datarule)
 * through the real executor against the real server.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
const db = () => h.t.database.db;
const departId = async (name: string) =>
  (await db().select().from(sysDepart).where(eq(sysDepart.departName, name)))[0]!.id;
const grantedCodes = async (name: string) => {
  const rows = await db()
    .select({ perms: sysPermission.perms, name: sysPermission.name })
    .from(sysDepartPermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysDepartPermission.permissionId))
    .where(eq(sysDepartPermission.departId, await departId(name)));
  return rows.map((r) => r.perms ?? r.name).sort();
};

beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('dept perm', () => {
  it('--dry-run lists what would be granted and changes nothing', async () => {
    const r = await h.terminal('dept perm 财务部 position:list position:add --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练：将授予 2 个权限（未执行）');
    expect(await grantedCodes('财务部')).toEqual([]);
  });

  it('grants by code or menu name, skips what the department holds, revokes', async () => {
    let r = await h.terminal('dept perm 财务部 position:list 职务管理 --yes');
    expect(r.results[0]?.status).toBe('ok');
    expect(await grantedCodes('财务部')).toEqual(['position:list', '职务管理'].sort());
    r = await h.terminal('dept perm A01A02 position:list');
    expect(r.out).toContain('已授予 0 个权限');
    r = await h.terminal('dept perm 财务部 职务管理 --revoke');
    expect(r.out).toContain('已收回 1 个权限');
    expect(await grantedCodes('财务部')).toEqual(['position:list']);
  });

  it('refuses an unknown permission or department before changing anything', async () => {
    const r = await h.terminal('dept perm 财务部 no:such');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('权限不存在或无权授予: no:such');
    expect((await h.terminal('dept perm 无此部门 position:list')).out).toContain('部门不存在: 无此部门');
  });
});

describe('dept role', () => {
  it('adds, lists and deletes department roles (dry run first)', async () => {
    let r = await h.terminal('dept role add 财务部 fin_view 财务查看 --description 只读');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('已在 财务部 新增部门角色“财务查看”');
    await h.terminal('dept role add 财务部 fin_edit 财务编辑');
    r = await h.terminal('dept role add 财务部 fin_view 重复');
    expect(r.out).toContain('该部门下角色编码已存在');
    r = await h.terminal('dept role list 财务部');
    expect(r.out).toContain('财务部 共 2 个部门角色');
    expect(r.out).toMatch(/fin_view\s+财务查看\s+只读/);
    r = await h.terminal('dept role delete 财务部 fin_view fin_edit --dry-run');
    expect(r.out).toContain('演练：将删除 2 个部门角色（未执行）');
    r = await h.terminal('dept role delete 财务部 fin_view --yes');
    expect(r.results[0]?.status).toBe('ok');
    const left = await db()
      .select()
      .from(sysDepartRole)
      .where(eq(sysDepartRole.departId, await departId('财务部')));
    expect(left.map((x) => x.roleCode)).toEqual(['fin_edit']);
    expect((await h.terminal('dept role delete 财务部 nope --yes')).out).toContain('部门角色不存在: nope');
  });
});

describe('dept datarule and dept role datarule', () => {
  const departRules = async () =>
    (
      await db()
        .select({ ids: sysDepartPermission.dataRuleIds, perm: sysPermission.url })
        .from(sysDepartPermission)
        .innerJoin(sysPermission, eq(sysPermission.id, sysDepartPermission.permissionId))
        .where(eq(sysDepartPermission.departId, await departId('客服组')))
    ).find((r) => r.perm === '/isystem/position')?.ids;

  it('shows and sets the rules a department holds on a menu; --dry-run changes nothing', async () => {
    await h.terminal("datarule add 职务管理 部门本人 createBy = '#{sys_user_code}'");
    await h.terminal('datarule add 职务管理 部门一级 postRank = 1');
    const notGranted = await h.terminal('dept datarule 客服组 职务管理 部门本人');
    expect(notGranted.results[0]?.error).toBe('请先保存部门菜单权限!');
    await h.terminal('dept perm 客服组 职务管理');
    const dry = await h.terminal('dept datarule 客服组 职务管理 部门本人 部门一级 --dry-run');
    expect(dry.results[0]?.status).toBe('ok');
    expect(dry.out).toContain('演练：客服组 在“职务管理”将持有 2 条数据规则，变更 2 条（未执行）');
    expect(await departRules()).toBeNull();
    const set = await h.terminal('dept datarule 客服组 职务管理 部门本人 部门一级');
    expect(set.results[0]?.result?.message).toBe('保存成功!（客服组 · 职务管理：2 条数据规则）');
    const shown = await h.terminal('dept datarule 客服组 职务管理');
    expect(shown.out).toMatch(/✓\s+部门本人/);
    expect(shown.out).toMatch(/✓\s+部门一级/);
    expect((await departRules())?.split(',')).toHaveLength(2);
  });

  it('gives a department role only rules its department holds', async () => {
    await h.terminal('dept role add 客服组 cs_rules 客服规则');
    const [role] = await db().select().from(sysDepartRole).where(eq(sysDepartRole.roleCode, 'cs_rules'));
    const [menu] = await db().select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'));
    await h.terminal('dept datarule 客服组 职务管理 部门本人');
    const notGranted = await h.terminal('dept role datarule 客服组 cs_rules 职务管理 部门本人');
    expect(notGranted.results[0]?.error).toBe('请先保存角色菜单权限!');
    await db()
      .insert(sysDepartRolePermission)
      .values({ id: newId(), departId: role!.departId, roleId: role!.id, permissionId: menu!.id });
    // 部门一级 is no longer the department's: it is not offered
    const outside = await h.terminal('dept role datarule 客服组 cs_rules 职务管理 部门一级');
    expect(outside.results[0]?.error).toBe('数据规则不存在: 部门一级');
    const dry = await h.terminal('dept role datarule 客服组 cs_rules 职务管理 部门本人 --dry-run');
    expect(dry.out).toContain('（未执行）');
    const set = await h.terminal('dept role datarule 客服组 cs_rules 职务管理 部门本人');
    expect(set.results[0]?.result?.message).toBe('保存成功!（客服组 · 客服规则 · 职务管理：1 条数据规则）');
    const held = async () =>
      (
        await db().select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, role!.id))
      )[0]!.dataRuleIds;
    expect(await held()).not.toBeNull();
    await h.terminal('dept role datarule 客服组 cs_rules 职务管理 --clear');
    expect(await held()).toBeNull();
  });
});

describe('the 部门授权 saves in operator terms', () => {
  it('dept savePermissions: the department and permissions by name or code; --dry-run writes nothing', async () => {
    const before = await grantedCodes('技师管理部');
    const dry = await h.terminal('dept savePermissions 技师管理部 职务管理,position:list --dry-run');
    expect(dry.out).toContain('演练：将新增 2 项，取消 0 项（未执行）');
    expect(await grantedCodes('技师管理部')).toEqual(before);
    const r = await h.terminal('dept savePermissions A01A03 职务管理,position:list');
    expect(r.results[0]?.status).toBe('ok');
    expect(await grantedCodes('技师管理部')).toEqual([...before, '职务管理', 'position:list'].sort());
    const unknown = await h.terminal('dept savePermissions 没有的部门 职务管理');
    expect(unknown.results[0]?.error).toBe('部门不存在: 没有的部门');
  });

  it('dept role savePermissions and users: the role by code with --depart, users by account', async () => {
    await h.terminal('dept role add 技师管理部 tech_sweep 技师示例');
    const [role] = await db().select().from(sysDepartRole).where(eq(sysDepartRole.roleCode, 'tech_sweep'));
    const held = async () =>
      (
        await db()
          .select({ id: sysDepartRolePermission.permissionId })
          .from(sysDepartRolePermission)
          .where(eq(sysDepartRolePermission.roleId, role!.id))
      ).length;
    const dry = await h.terminal(
      'dept role savePermissions tech_sweep 职务管理 --depart 技师管理部 --dry-run',
    );
    expect(dry.out).toContain('演练：将新增 1 项，取消 0 项（未执行）');
    expect(await held()).toBe(0);
    const saved = await h.terminal('dept role savePermissions tech_sweep 职务管理 --depart 技师管理部');
    expect(saved.results[0]?.status).toBe('ok');
    expect(await held()).toBe(1);
    // a permission its department does not hold is not offered
    const outside = await h.terminal('dept role savePermissions tech_sweep user:add --depart 技师管理部');
    expect(outside.results[0]?.error).toBe('权限不存在或无权授予: user:add');
    // a user of that department, by account
    const [user] = await db().select().from(sysUser).where(eq(sysUser.username, 'yuangong'));
    await db()
      .insert(sysUserDepart)
      .values({ id: newId(), userId: user!.id, depId: await departId('技师管理部') });
    const members = async () =>
      (await db().select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, role!.id))).length;
    const dryUsers = await h.terminal('dept role users tech_sweep yuangong --depart 技师管理部 --dry-run');
    expect(dryUsers.out).toContain('演练：将向部门角色 技师管理部 · 技师示例 加入 1 个用户（未执行）');
    expect(await members()).toBe(0);
    const add = await h.terminal('dept role users tech_sweep yuangong --depart 技师管理部');
    expect(add.results[0]?.status, add.out).toBe('ok');
    expect(await members()).toBe(1);
    const nobody = await h.terminal('dept role users tech_sweep no_such_user --depart 技师管理部');
    expect(nobody.results[0]?.error).toBe('用户不存在: no_such_user');
    const noRole = await h.terminal('dept role users no_role yuangong --depart 技师管理部');
    expect(noRole.results[0]?.error).toBe('部门角色不存在: no_role');
  });
});

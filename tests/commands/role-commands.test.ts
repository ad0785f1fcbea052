import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import { sysPermission, sysRole, sysRolePermission, sysUserRole } from '../../src/server/db/schema/index.ts';

/** The role commands through the real executor against the real server, as the terminal runs them. */
let h: Awaited<ReturnType<typeof serverHarness>>;
const db = () => h.t.database.db;
const roleOf = async (code: string) =>
  (await db().select().from(sysRole).where(eq(sysRole.roleCode, code)))[0];
const grantedPerms = async (code: string) => {
  const role = (await roleOf(code))!;
  const rows = await db()
    .select({ perms: sysPermission.perms, url: sysPermission.url })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(eq(sysRolePermission.roleId, role.id));
  return rows.map((r) => r.perms ?? r.url).sort();
};
const members = async (code: string) =>
  (
    await db()
      .select()
      .from(sysUserRole)
      .where(eq(sysUserRole.roleId, (await roleOf(code))!.id))
  ).length;

beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('role add, list, delete', () => {
  it('adds a role by code and name, and lists it', async () => {
    const r = await h.terminal('role add cmd_ops 命令运营 --description 终端创建');
    expect(r.results[0]?.result?.message).toBe('添加成功！');
    const list = await h.terminal('role list --roleCode cmd_ops');
    expect(list.out).toMatch(/命令运营\s+cmd_ops\s+终端创建/);
    const bad = await h.terminal('role add 9bad 坏角色');
    expect(bad.results[0]?.error).toBe('角色编码须以字母开头，只允许字母、数字、下划线');
  });

  it('deletes roles named by code: --dry-run lists them, then they go', async () => {
    await h.terminal('role add cmd_tmp 临时一号');
    const dry = await h.terminal('role delete cmd_tmp --dry-run');
    expect(dry.out).toContain('演练：将删除 1 个角色（未执行）');
    expect(dry.out).toContain('cmd_tmp');
    expect(await roleOf('cmd_tmp')).toBeDefined();
    const gone = await h.terminal('role delete cmd_tmp --yes');
    expect(gone.results[0]?.result?.message).toBe('删除角色成功! 共 1 个角色');
    expect(await roleOf('cmd_tmp')).toBeUndefined();
  });
});

describe('role grant and revoke', () => {
  it('--dry-run lists what would be granted and changes nothing', async () => {
    const r = await h.terminal('role grant cmd_ops user:add /isystem/user --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练：将授予角色“命令运营” 2 个权限（未执行）');
    expect(r.out).toMatch(/添加用户（user:add）|添加（user:add）/);
    expect(await grantedPerms('cmd_ops')).toEqual([]);
  });

  it('grants by code, path and 菜单名/按钮名, skipping what the role has', async () => {
    const r = await h.terminal('role grant cmd_ops user:add /isystem/user 用户管理/编辑 --yes');
    expect(r.out).toContain('已授予角色“命令运营” 3 个权限');
    expect(await grantedPerms('cmd_ops')).toEqual(['/isystem/user', 'user:add', 'user:edit']);
    const again = await h.terminal('role grant cmd_ops user:add');
    expect(again.out).toContain('已授予角色“命令运营” 0 个权限');
  });

  it('grants a menu with everything below it (--children)', async () => {
    await h.terminal('role grant cmd_ops /isystem/roleUserList --children --yes');
    expect(await grantedPerms('cmd_ops')).toEqual(
      [
        '/isystem/roleUserList',
        '/isystem/user',
        'role:add',
        'role:authorize',
        'role:delete',
        'role:edit',
        'role:export',
        'role:import',
        'role:list',
        'user:add',
        'user:edit',
      ].sort(),
    );
  });

  it('refuses an ambiguous or unknown permission before changing anything', async () => {
    const amb = await h.terminal('role grant cmd_ops 添加');
    expect(amb.results[0]?.status).toBe('error');
    expect(amb.out).toMatch(/权限“添加”不唯一/);
    const none = await h.terminal('role grant cmd_ops no:such');
    expect(none.out).toContain('权限不存在: no:such');
    const role = await h.terminal('role grant ghost user:add');
    expect(role.out).toContain('角色不存在');
  });

  it('revokes after confirming; --dry-run first lists it', async () => {
    const dry = await h.terminal('role revoke cmd_ops user:add --dry-run');
    expect(dry.out).toContain('演练：将收回角色“命令运营”的 1 个权限（未执行）');
    h.state.answer = false;
    const declined = await h.terminal('role revoke cmd_ops user:add');
    expect(declined.results[0]?.result?.message).toBe('已取消');
    expect(await grantedPerms('cmd_ops')).toContain('user:add');
    const r = await h.terminal('role revoke cmd_ops user:add user:edit --yes');
    expect(r.out).toContain('已收回角色“命令运营”的 2 个权限');
    expect(await grantedPerms('cmd_ops')).not.toContain('user:add');
    expect(await grantedPerms('cmd_ops')).not.toContain('user:edit');
  });

  it('Ctrl+C stops after the current permission; what was granted stays', async () => {
    await h.terminal('role add cmd_cut 中断角色');
    const ctrl = new AbortController();
    const push = h.calls.push.bind(h.calls);
    h.calls.push = (...items) => {
      if (items.some((c) => c.path.endsWith('/saveRolePermission'))) ctrl.abort();
      return push(...items);
    };
    const run = h.executor.run(
      'role.grant',
      { role: 'cmd_cut', perms: ['/isystem/roleUserList'], children: true },
      { source: 'terminal', signal: ctrl.signal, yes: true },
    );
    await expect(run).rejects.toMatchObject({ outcome: 'cancelled' });
    h.calls.push = push;
    // the executor answers the cancel at once; the command stops after the call in flight
    await expect
      .poll(() => h.state.output.some((l) => l.includes('已授予角色“中断角色” 1 / 8 个权限，其余未执行')))
      .toBe(true);
    expect(await grantedPerms('cmd_cut')).toHaveLength(1);
  });

  it('role authorize lists the role’s permissions in the terminal', async () => {
    const r = await h.terminal('role authorize cmd_ops');
    expect(r.out).toContain('命令运营（cmd_ops）共');
    expect(r.out).toMatch(/授权\s+按钮\s+role:authorize/);
  });
});

describe('role users', () => {
  it('adds users (dry run first), lists them and removes them', async () => {
    const dry = await h.terminal('role add-users cmd_ops yunying caiwu --dry-run');
    expect(dry.out).toContain('演练：将加入角色“命令运营” 2 个用户（未执行）');
    expect(await members('cmd_ops')).toBe(0);
    const add = await h.terminal('role add-users cmd_ops yunying caiwu');
    expect(add.out).toContain('已加入角色“命令运营” 2 个用户');
    const list = await h.terminal('role users cmd_ops');
    expect(list.out).toContain('命令运营（cmd_ops）共 2 个用户');
    expect(list.out).toMatch(/yunying\s+李运营/);
    const remove = await h.terminal('role remove-users cmd_ops caiwu --yes');
    expect(remove.out).toContain('已移出角色“命令运营” 1 个用户');
    expect(await members('cmd_ops')).toBe(1);
    const stranger = await h.terminal('role remove-users cmd_ops yuangong --yes');
    expect(stranger.out).toContain('用户不在角色“命令运营”中: yuangong');
  });

  it('the server refuses what the caller may not grant, also through the commands', async () => {
    const out = await h.terminal('role add-users admin ghost_user');
    expect(out.results[0]?.status).toBe('error');
    expect(out.out).toContain('用户不存在：ghost_user');
  });
});

describe('role savePermissions (the 授权 drawer save) in operator terms', () => {
  it('takes the role by code and permissions by code, path or name; --dry-run writes nothing', async () => {
    await h.terminal('role add cmd_save 保存授权');
    const dry = await h.terminal('role savePermissions cmd_save 职务管理,position:add --dry-run');
    expect(dry.results[0]?.status).toBe('ok');
    expect(dry.out).toContain('演练：将新增 2 项，取消 0 项（未执行）');
    expect(dry.out).toMatch(/职务管理\s+\+ 保存授权（cmd_save）/);
    expect(await grantedPerms('cmd_save')).toEqual([]);
    const r = await h.terminal('role savePermissions cmd_save 职务管理,position:add');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('新增 2 项，取消 0 项');
    expect(await grantedPerms('cmd_save')).toEqual(['/isystem/position', 'position:add']);
    // the previous selection by id or code: what is no longer checked is taken away
    const [menu] = await db().select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'));
    const drop = await h.terminal(
      `role savePermissions cmd_save /isystem/position --lastpermission-ids ${menu!.id},position:add`,
    );
    expect(drop.out).toContain('新增 0 项，取消 1 项');
    expect(await grantedPerms('cmd_save')).toEqual(['/isystem/position']);
  });

  it('refuses an unknown role or permission in Chinese, changing nothing', async () => {
    const role = await h.terminal('role savePermissions no_such_role 职务管理');
    expect(role.results[0]?.status).toBe('error');
    expect(role.out).toContain('角色不存在');
    const perm = await h.terminal('role savePermissions cmd_save 没有这个菜单');
    expect(perm.results[0]?.error).toBe('权限不存在: 没有这个菜单');
    expect(await grantedPerms('cmd_save')).toEqual(['/isystem/position']);
  });
});

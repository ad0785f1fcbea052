import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import { sysDepart, sysLog, sysRole, sysUser, sysUserRole } from '../../src/server/db/schema/index.ts';

/** user assign-role, dept move, log tail, online and recycle commands through the real executor. */
let h: Awaited<ReturnType<typeof serverHarness>>;
const PASSWORD = 'Passw0rd!';
const id: Record<string, string> = {};

const db = () => h.t.database.db;
const roleOf = async (code: string) =>
  (await db().select().from(sysRole).where(eq(sysRole.roleCode, code)))[0]!;
const rolesOf = async (userId: string) =>
  (await db().select().from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId).sort();
const codes = async () =>
  Object.fromEntries((await db().select().from(sysDepart)).map((d) => [d.departName, d.orgCode]));

beforeAll(async () => {
  h = await serverHarness('admin');
  for (const username of ['cmd_a', 'cmd_b', 'cmd_c']) {
    const body = { username, realname: username, password: PASSWORD, confirmpassword: PASSWORD };
    expect((await h.t.call('POST', '/sys/user/add', { token: h.token, body })).body.success).toBe(true);
    id[username] = (await db().select().from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  }
  const staff = await roleOf('staff');
  await db()
    .insert(sysUserRole)
    .values({ id: 'r'.repeat(32), userId: id.cmd_a!, roleId: staff.id });
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('user assign-role', () => {
  it('--dry-run lists who would get the role and changes nothing', async () => {
    const r = await h.terminal('user assign-role cmd_a cmd_b operator --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练：将分配角色“运营专员”给 2 个用户（未执行）');
    expect(r.out).toMatch(/cmd_a\s+\+ 运营专员（operator）/);
    expect(await rolesOf(id.cmd_b!)).toEqual([]);
  });

  it('adds the role, keeping the roles the users had; users already holding it are skipped', async () => {
    // two users: asked first with the count (issue 27), declined changes nothing
    const declined = await h.terminal('user assign-role cmd_a,cmd_b operator');
    expect(h.state.confirms.at(-1)).toBe('确定分配角色“运营专员”给 2 个用户吗?');
    expect(declined.out).toContain('已取消');
    expect(await rolesOf(id.cmd_b!)).toEqual([]);
    const r = await h.terminal('user assign-role cmd_a,cmd_b operator --yes');
    expect(r.out).toContain('已分配角色“运营专员”给 2 个用户');
    const [operator, staff] = [await roleOf('operator'), await roleOf('staff')];
    expect(await rolesOf(id.cmd_a!)).toEqual([operator.id, staff.id].sort());
    expect(await rolesOf(id.cmd_b!)).toEqual([operator.id]);
    const again = await h.terminal('user assign-role cmd_b operator');
    expect(again.out).toContain('已分配角色“运营专员”给 0 个用户');
  });

  it('refuses an unknown role or user before changing anything', async () => {
    const r = await h.terminal('user assign-role cmd_c no_such_role');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('角色不存在: no_such_role');
    const u = await h.terminal('user assign-role nobody operator');
    expect(u.out).toContain('用户不存在: nobody');
    expect(await rolesOf(id.cmd_c!)).toEqual([]);
  });

  it('is written to the operation log: the command run and the API write it made', async () => {
    await h.auditWritten();
    const runs = await db()
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), eq(sysLog.requestUrl, 'command:user.assignRole')));
    expect(runs.map((r) => r.logContent)).toEqual(
      expect.arrayContaining([
        '命令 user assignRole（terminal）成功',
        expect.stringMatching(/^命令 user assignRole（terminal）失败：角色不存在/),
      ]),
    );
    expect(runs.every((r) => r.createBy === 'admin' && r.requestType === 'command')).toBe(true);
    const edits = await db().select().from(sysLog).where(eq(sysLog.requestUrl, '/sys/user/edit'));
    expect(edits.length).toBeGreaterThanOrEqual(2);
  });
});

describe('dept move', () => {
  it('--dry-run names the departments and their subtrees, then moves them', async () => {
    const dry = await h.terminal('dept move 技师管理部 城东服务站 --dry-run');
    expect(dry.out).toContain('演练：将移动 1 个部门（未执行）');
    expect(dry.out).toMatch(/技师管理部（A01A03）\s+→ 城东服务站（A02）（含 1 个下级）/);
    expect((await codes())['技师管理部']).toBe('A01A03');
    const r = await h.terminal('dept move A01A03 A02');
    expect(r.out).toContain('已移动 1 个部门');
    expect(await codes()).toMatchObject({ 技师管理部: 'A02A02', 技师主管: 'A02A02A01' });
    const top = await h.terminal('dept move 技师主管 -');
    expect(top.out).toContain('已移动 1 个部门');
    expect((await codes())['技师主管']).toBe('A03');
  });

  it('dept add gives the department its org code; dept delete refuses one with users', async () => {
    const r = await h.terminal('dept add 质检部 A01');
    expect(r.out).toContain('添加成功！（质检部）');
    expect((await codes())['质检部']).toBe('A01A03');
    const root = await h.terminal('dept add 城北服务站 --category 1');
    expect(root.results[0]?.status).toBe('ok');
    const busy = await h.terminal('dept delete 运营部 --yes');
    expect(busy.results[0]?.status).toBe('error');
    expect(busy.out).toContain('部门“运营部”下还有 1 个用户，请先将用户移出该部门');
    const gone = await h.terminal('dept delete 质检部,城北服务站 --yes');
    expect(gone.out).toContain('删除成功!（2 个部门）');
    expect(Object.keys(await codes())).not.toContain('质检部');
  });

  it('refuses a move into its own subtree and unknown departments', async () => {
    const r = await h.terminal('dept move 城东服务站 客服组');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('不能把部门“城东服务站”移到它自己或它的下级部门之下');
    expect((await h.terminal('dept move 无此部门 A01')).out).toContain('部门不存在: 无此部门');
  });
});

describe('online list and force-logout', () => {
  it('lists sessions without tokens and forces a user out', async () => {
    const token = await h.t.login('cmd_c', PASSWORD);
    const list = await h.terminal('online list cmd_c');
    expect(list.out).toContain('1 个在线会话');
    expect(list.out).not.toContain(token);
    const dry = await h.terminal('online force-logout cmd_c --dry-run');
    expect(dry.out).toContain('演练：将强制退出 1 个会话（未执行）');
    expect((await h.t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(200);
    const r = await h.terminal('online force-logout cmd_c --yes');
    expect(r.out).toContain('已强制退出 1 个会话');
    expect((await h.t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
  });

  it('never forces out the caller’s own session', async () => {
    const r = await h.terminal('online force-logout admin --yes');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('没有可强制退出的会话');
  });
});

describe('recycle list, restore and purge', () => {
  it('restores and purges deleted users', async () => {
    await h.terminal(`user delete ${id.cmd_b},${id.cmd_c} --yes`);
    const list = await h.terminal('recycle list');
    expect(list.out).toContain('回收站中有 2 个用户');
    const dry = await h.terminal('recycle restore cmd_b --dry-run');
    expect(dry.out).toContain('演练：将还原 1 个用户（未执行）');
    const restored = await h.terminal('recycle restore cmd_b');
    expect(restored.out).toContain('还原成功（1 个用户）');
    const purged = await h.terminal('recycle purge cmd_c --yes');
    expect(purged.out).toContain('删除成功（1 个用户）');
    expect(await db().select().from(sysUser).where(eq(sysUser.username, 'cmd_c'))).toEqual([]);
    expect((await h.terminal('recycle restore cmd_c')).out).toContain('回收站中没有该用户: cmd_c');
  });
});

describe('log tail', () => {
  it('prints entries written after it started, then stops at --count', async () => {
    await h.auditWritten();
    h.state.output.length = 0;
    const tail = h.terminal('log tail --count 1');
    // once it follows, a write
    while (!h.state.output.some((l) => l.includes('正在跟踪'))) await new Promise((r) => setTimeout(r, 20));
    await h.t.call('PUT', '/sys/user/frozenBatch', { token: h.token, body: { ids: id.cmd_a, status: '2' } });
    const r = await tail;
    expect(r.results[0]?.status).toBe('ok');
    const printed = h.state.output.join('\n');
    expect(printed).toContain('正在跟踪操作日志');
    expect(printed).toMatch(/管理员 .* PUT \/sys\/user\/frozenBatch 成功：操作成功!/);
    expect(r.out).toContain('已打印 1 条新日志');
  });

  it('--last N prints the newest N entries, oldest first, and ends without following', async () => {
    await h.auditWritten();
    for (const status of ['2', '1'])
      await h.t.call('PUT', '/sys/user/frozenBatch', { token: h.token, body: { ids: id.cmd_b, status } });
    h.state.output.length = 0;
    const r = await h.terminal('log tail --last 2');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('已打印最近 2 条操作日志');
    expect(h.state.output).toHaveLength(2);
    // the two writes above, the older first
    for (const l of h.state.output) expect(l).toMatch(/PUT \/sys\/user\/frozenBatch/);
    const times = h.state.output.map((l) => l.slice(0, 19));
    expect([...times].sort()).toEqual(times);
  });

  it('follows until Ctrl+C', async () => {
    const ctrl = new AbortController();
    const run = h.executor.run('log.tail', {}, { source: 'terminal', signal: ctrl.signal });
    ctrl.abort();
    await expect(run).rejects.toMatchObject({ outcome: 'cancelled' });
  });
});

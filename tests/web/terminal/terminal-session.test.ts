import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../../commands/core/define-command.ts';
import { CommandExecutor } from '../../../commands/core/executor.ts';
import { CommandRegistry } from '../../../commands/core/registry.ts';
import { runLive } from '../../../commands/core/live.ts';
import type { CommandResult, Progress } from '../../../commands/core/types.ts';
import { TerminalSession, WELCOME } from '../../../src/web/shell/terminal/terminal-session.ts';

const USERS = [
  { username: 'alice', realname: '爱丽丝' },
  { username: 'bob', realname: '鲍勃' },
];

const COMMANDS = [
  defineCommand({
    id: 'user.list',
    title: '用户列表',
    args: z.object({ status: z.enum(['1', '2']).optional().describe('状态') }),
    async run() {
      const table = {
        columns: [
          { key: 'username', title: '账号' },
          { key: 'realname', title: '姓名' },
        ],
        rows: USERS,
      };
      return { table, records: USERS, invalidate: [['users']] };
    },
  }),
  defineCommand({
    id: 'user.freeze',
    title: '冻结用户',
    dangerous: true,
    positional: ['usernames'],
    args: z.object({ usernames: z.array(z.string()).default([]).describe('账号') }),
    async run(ctx, args) {
      const names = [...args.usernames, ...(ctx.input ?? []).map((r) => String(r.username))];
      for (let i = 1; i <= names.length; i += 1)
        ctx.progress({ done: i, total: names.length, label: '冻结' });
      return { message: `冻结 ${names.length} 个用户`, invalidate: [['users']] };
    },
  }),
  defineCommand({
    id: 'job.wait',
    title: '等待',
    async run(ctx) {
      ctx.output('开始等待');
      await new Promise(() => undefined); // never ends by itself: only Ctrl+C stops it
    },
  }),
  defineCommand({
    id: 'monitor.count',
    title: '计数',
    args: z.object({ once: z.boolean().optional().describe('一屏') }),
    async run(ctx, { once }) {
      let n = 0;
      return runLive(ctx, async () => ['计数', `第 ${(n += 1)} 帧`, 'x'.repeat(200)], {
        once,
        intervalMs: 5,
      });
    },
  }),
  defineCommand({
    id: 'account.login',
    title: '登录',
    async run(ctx) {
      const name = await ctx.prompt('账号', { defaultValue: 'admin' });
      const password = await ctx.prompt('密码', { secret: true });
      return { message: `${name}:${password?.length ?? 0}` };
    },
  }),
];

function setup() {
  const registry = new CommandRegistry();
  for (const c of COMMANDS) registry.register(c);
  let written = '';
  const applied: CommandResult[] = [];
  const recorded: string[] = [];
  const executor = new CommandExecutor({
    registry,
    permissions: () => new Set(),
    keys: () => ({}),
    // the runtime's ctxFactory: terminal commands go through the installed terminal sink
    ctxFactory: () => {
      const sink = session.sink;
      return {
        api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
        navigate: () => undefined,
        confirm: sink.confirm,
        prompt: sink.prompt,
        progress: (p: Progress) => sink.progress(p),
        output: (line: string) => sink.output(line),
        live: () => sink.live(),
      };
    },
  });
  const session: TerminalSession = new TerminalSession({
    executor,
    screen: {
      write: (d) => void (written += d),
      clear: () => void (written = ''),
      columns: () => 60,
      rows: () => 24,
    },
    applyResult: (r) => applied.push(r),
    history: { load: () => [...recorded], record: (l) => (recorded.push(l), [...recorded]) },
    username: () => 'admin',
  });
  return { session, applied, recorded, raw: () => written, text: () => session.screenText() };
}

describe('terminal session', () => {
  it('lends the screen to a live view: frames redrawn in place until q, then the shell comes back', async () => {
    const { session, raw, text } = setup();
    session.submit(['monitor count']);
    const frameNo = () => Number(/第 (\d+) 帧/.exec(text())?.[1] ?? 0);
    await vi.waitFor(() => expect(frameNo()).toBeGreaterThanOrEqual(3));
    expect(session.live).toBe(true);
    // the mirror holds the current frame only, cut to the screen's width
    expect(text().split('\n')).toEqual(['计数', expect.stringMatching(/^第 \d+ 帧$/), `${'x'.repeat(59)}…`]);
    const drawn = raw();
    expect(drawn).toContain('\x1b[?1049h');
    // each frame starts at the top and erases what is below: no scrolling
    expect(drawn.split('\x1b[H计数\x1b[K\r\n').length).toBeGreaterThan(3);
    session.quitLive();
    await session.settled();
    expect(session.live).toBe(false);
    expect(raw()).toContain('\x1b[?1049l');
    expect(text()).toBe('admin@console $ monitor count');
    expect(session.errorLines).toBe(0);
  });

  it('ends a live view with Ctrl+C, and prints one frame with --once', async () => {
    const { session, text } = setup();
    session.submit(['monitor count']);
    await vi.waitFor(() => expect(session.live).toBe(true));
    session.interrupt('');
    await session.settled();
    expect(session.live).toBe(false);
    session.submit(['monitor count --once']);
    await session.settled();
    expect(text()).toContain('admin@console $ monitor count --once\n计数\n第 1 帧');
  });

  it('welcomes, echoes the prompt and prints the table once, then applies invalidations', async () => {
    const { session, applied, recorded, text } = setup();
    session.welcome();
    session.submit(['user list']);
    expect(session.running).toBe(true);
    await session.settled();
    expect(text().split('\n')).toEqual([
      WELCOME,
      'admin@console $ user list',
      '账号   姓名',
      '─────  ──────',
      'alice  爱丽丝',
      'bob    鲍勃',
    ]);
    expect(applied.map((r) => r.invalidate)).toEqual([[['users']]]);
    expect(recorded).toEqual(['user list']);
    expect(session.history).toEqual(['user list']);
    expect(session.running).toBe(false);
  });

  it('prints errors in red and counts them (the browser sweep reads the count)', async () => {
    const { session, raw } = setup();
    session.submit(['user list']);
    await session.settled();
    expect(session.errorLines).toBe(0);
    session.submit(['nope thing']);
    await session.settled();
    expect(raw()).toContain('\x1b[31m未知命令: nope thing\x1b[0m\r\n');
    expect(session.errorLines).toBe(1);
  });

  it('asks a confirmation on the input line: y runs, anything else declines', async () => {
    const { session, text } = setup();
    session.submit(['user freeze bob']);
    await vi.waitFor(() => expect(session.question?.kind).toBe('confirm'));
    expect(session.label()).toBe('确定执行「冻结用户」吗? [y/N] ');
    session.submit(['y']);
    await session.settled();
    expect(text()).toContain(
      '确定执行「冻结用户」吗? [y/N] y\n[████████████████████████] 1/1 100%  冻结\n冻结 1 个用户',
    );
    expect(session.question).toBeUndefined();

    session.submit(['user freeze bob']);
    await vi.waitFor(() => expect(session.question).toBeDefined());
    session.submit(['']);
    await session.settled();
    expect(text().split('\n').slice(-2)).toEqual(['确定执行「冻结用户」吗? [y/N] ', '已取消']);
  });

  it('pipes and runs pasted lines in order, with variables kept between lines', async () => {
    const { session, text, recorded } = setup();
    session.submit(['set who=alice', 'user list | user freeze $who --yes']);
    await session.settled();
    expect(text()).toContain('冻结 3 个用户');
    expect(recorded).toEqual(['set who=alice', 'user list | user freeze $who --yes']);
    expect(session.vars.get('who')).toBe('alice');
  });

  it('Ctrl+C cancels the running command and drops queued lines', async () => {
    const { session, text } = setup();
    session.submit(['job wait', 'user list']);
    await vi.waitFor(() => expect(text()).toContain('开始等待'));
    session.interrupt('typed ahead');
    await session.settled();
    expect(text().split('\n').slice(-3)).toEqual(['开始等待', '^C', '已取消']);
    expect(text()).not.toContain('user list');
    expect(session.running).toBe(false);
  });

  it('Ctrl+C on an idle line echoes it with ^C and runs nothing', () => {
    const { session, text, recorded } = setup();
    session.interrupt('user li');
    expect(text()).toBe('admin@console $ user li^C');
    expect(recorded).toEqual([]);
  });

  it('Ctrl+C during a question declines it and cancels', async () => {
    const { session, text } = setup();
    session.submit(['user freeze bob']);
    await vi.waitFor(() => expect(session.question).toBeDefined());
    session.interrupt('ye');
    await session.settled();
    expect(text().split('\n').slice(-2)).toEqual(['确定执行「冻结用户」吗? [y/N] ye^C', '已取消']);
  });

  it('reads prompts, with a default, and never echoes a secret answer', async () => {
    const { session, text } = setup();
    session.submit(['account login']);
    await vi.waitFor(() => expect(session.question?.label).toBe('账号（默认 admin）: '));
    session.submit(['']);
    await vi.waitFor(() => expect(session.question?.secret).toBe(true));
    expect(session.label()).toBe('密码: ');
    session.submit(['p@ss']);
    await session.settled();
    expect(text()).not.toContain('p@ss');
    expect(text().split('\n').slice(-3)).toEqual(['账号（默认 admin）: ', '密码: ', 'admin:4']);
  });

  it('the clear built-in empties screen and mirror', async () => {
    const { session, raw, text } = setup();
    session.welcome();
    session.submit(['clear']);
    await session.settled();
    expect(text()).toBe('');
    expect(raw()).toBe('');
  });

  it('Tab completes a single candidate and lists several under the prompt', () => {
    const { session, text } = setup();
    expect(session.complete({ text: 'us', cursor: 2 })).toEqual({ text: 'user ', cursor: 5 });
    expect(text()).toBe('');
    expect(session.complete({ text: 'user ', cursor: 5 })).toEqual({ text: 'user ', cursor: 5 });
    expect(text().split('\n')).toEqual(['admin@console $ user ', '  freeze  冻结用户', '  list    用户列表']);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../../commands/core/define-command.ts';
import { CommandError } from '../../../commands/core/executor.ts';
import { makeHarness } from '../support.ts';

function freezeCommand(runs: string[]) {
  return defineCommand({
    id: 'user.freeze',
    title: '冻结用户',
    permission: 'user:freeze',
    dangerous: true,
    args: z.object({
      username: z.string().min(2, '账号至少2个字符').describe('登录账号'),
      password: z.string().optional().describe('管理员密码'),
    }),
    async run(_ctx, args) {
      runs.push(args.username);
      return { message: `已冻结 ${args.username}` };
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<CommandError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandError);
  return error as CommandError;
}

describe('CommandExecutor', () => {
  it('refuses a user without the permission and never runs the command', async () => {
    const runs: string[] = [];
    const h = makeHarness({ commands: [freezeCommand(runs)] });
    const error = await failure(
      h.executor.run('user.freeze', { username: 'alice' }, { source: 'palette', yes: true }),
    );
    expect(error.message).toBe('没有权限，请联系管理员授权');
    expect(error.outcome).toBe('denied');
    expect(runs).toEqual([]);
    expect(h.confirms).toEqual([]);
    expect(h.audit).toMatchObject([{ id: 'user.freeze', source: 'palette', outcome: 'denied' }]);
  });

  it('refuses an unknown id', async () => {
    const h = makeHarness({ commands: [] });
    const error = await failure(h.executor.run('user.nope', {}, { source: 'terminal' }));
    expect(error.message).toBe('未知命令: user.nope');
    expect(h.audit[0]?.outcome).toBe('error');
  });

  it('refuses when the `when` predicate is false', async () => {
    let ran = false;
    const h = makeHarness({
      commands: [
        defineCommand({
          id: 'user.freezeSelected',
          title: '冻结所选',
          when: (keys) => (keys.selection?.length ?? 0) > 0,
          async run() {
            ran = true;
          },
        }),
      ],
      keys: { selection: [] },
    });
    const error = await failure(h.executor.run('user.freezeSelected', {}, { source: 'keyboard' }));
    expect(error.message).toBe('当前不可用');
    expect(ran).toBe(false);
    await h.executor.run('user.freezeSelected', {}, { source: 'keyboard', keys: { selection: ['1'] } });
    expect(ran).toBe(true);
  });

  it('validates args with the schema and reports the first issue', async () => {
    const runs: string[] = [];
    const h = makeHarness({ commands: [freezeCommand(runs)], permissions: ['user:freeze'] });
    const short = await failure(
      h.executor.run('user.freeze', { username: 'a' }, { source: 'terminal', yes: true }),
    );
    expect(short.message).toBe('账号至少2个字符');
    const missing = await failure(h.executor.run('user.freeze', {}, { source: 'script', yes: true }));
    expect(missing.message).toBe('缺少参数: username');
    const wrongType = await failure(
      h.executor.run('user.freeze', { username: 42 }, { source: 'terminal', yes: true }),
    );
    // zod's own Chinese wording, prefixed with the field
    expect(wrongType.message).toMatch(/^username: 无效输入/);
    expect(runs).toEqual([]);
    expect(h.audit.map((e) => e.outcome)).toEqual(['error', 'error', 'error']);
  });

  it('asks to confirm a dangerous command and runs it on yes', async () => {
    const runs: string[] = [];
    const h = makeHarness({ commands: [freezeCommand(runs)], permissions: ['user:freeze'] });
    const result = await h.executor.run('user.freeze', { username: 'alice' }, { source: 'button' });
    expect(h.confirms).toEqual(['确定执行「冻结用户」吗?']);
    expect(result).toEqual({ message: '已冻结 alice' });
    expect(runs).toEqual(['alice']);
    expect(h.audit[0]).toMatchObject({ outcome: 'ok', source: 'button' });
  });

  it('runs prepare before asking, so a refused precondition never shows the confirmation', async () => {
    const runs: string[] = [];
    const h = makeHarness({
      commands: [
        defineCommand({
          id: 'user.delete',
          title: '删除用户',
          dangerous: true,
          confirm: '是否删除选中数据?',
          args: z.object({ ids: z.string().optional().describe('ids') }),
          prepare(_ctx, { ids }) {
            if (!ids) throw new Error('请选择一条记录！');
          },
          async run(_ctx, { ids }) {
            runs.push(ids!);
          },
        }),
      ],
    });
    const error = await failure(h.executor.run('user.delete', {}, { source: 'button' }));
    expect(error.message).toBe('请选择一条记录！');
    expect(h.confirms).toEqual([]);
    await h.executor.run('user.delete', { ids: 'a,b' }, { source: 'button' });
    expect(h.confirms).toEqual(['是否删除选中数据?']);
    expect(runs).toEqual(['a,b']);
  });

  it('does not run a declined command and records the refusal', async () => {
    const runs: string[] = [];
    const h = makeHarness({ commands: [freezeCommand(runs)], permissions: ['user:freeze'] });
    h.state.answer = false;
    const result = await h.executor.run('user.freeze', { username: 'alice' }, { source: 'palette' });
    expect(result).toEqual({ message: '已取消' });
    expect(runs).toEqual([]);
    expect(h.audit[0]?.outcome).toBe('declined');
  });

  it('skips the confirmation with yes (--yes) and uses the custom confirm text', async () => {
    const runs: string[] = [];
    const h = makeHarness({
      commands: [
        defineCommand({
          id: 'user.delete',
          title: '删除用户',
          dangerous: true,
          args: z.object({ username: z.string().describe('账号') }),
          confirm: (args) => `确定删除 ${args.username} 吗?`,
          async run(_ctx, args) {
            runs.push(args.username);
          },
        }),
      ],
    });
    await h.executor.run('user.delete', { username: 'bob' }, { source: 'terminal', yes: true });
    expect(h.confirms).toEqual([]);
    await h.executor.run('user.delete', { username: 'carol' }, { source: 'palette' });
    expect(h.confirms).toEqual(['确定删除 carol 吗?']);
    expect(runs).toEqual(['bob', 'carol']);
  });

  it('cancels a slow command through the AbortSignal', async () => {
    let sawAbort = false;
    const h = makeHarness({
      commands: [
        defineCommand({
          id: 'user.export',
          title: '导出用户',
          async run(ctx) {
            ctx.progress({ done: 1, total: 100 });
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 10_000);
              ctx.signal.addEventListener('abort', () => {
                sawAbort = true;
                clearTimeout(timer);
                resolve();
              });
            });
            return { message: '不应到达' };
          },
        }),
      ],
    });
    const controller = new AbortController();
    const running = h.executor.run('user.export', {}, { source: 'terminal', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(running);
    expect(error.message).toBe('已取消');
    expect(error.outcome).toBe('cancelled');
    expect(sawAbort).toBe(true);
    expect(h.progress).toEqual([{ done: 1, total: 100 }]);
    expect(h.audit[0]).toMatchObject({ id: 'user.export', outcome: 'cancelled', error: '已取消' });
  });

  it('returns promptly on cancel even if the command ignores the signal', async () => {
    const h = makeHarness({
      commands: [defineCommand({ id: 'a.hang', title: '挂起', run: () => new Promise(() => undefined) })],
    });
    const controller = new AbortController();
    const running = h.executor.run('a.hang', {}, { source: 'script', signal: controller.signal });
    controller.abort();
    expect((await failure(running)).outcome).toBe('cancelled');
  });

  it('records an audit entry per call with outcome, duration and redacted secrets', async () => {
    const runs: string[] = [];
    const h = makeHarness({
      commands: [
        freezeCommand(runs),
        defineCommand({
          id: 'a.boom',
          title: '失败',
          async run() {
            throw new Error('服务器错误');
          },
        }),
      ],
      permissions: ['user:freeze'],
    });
    await h.executor.run(
      'user.freeze',
      { username: 'alice', password: 'hunter2' },
      { source: 'menu', yes: true },
    );
    const error = await failure(h.executor.run('a.boom', {}, { source: 'terminal' }));
    expect(error.message).toBe('服务器错误');
    expect(error.outcome).toBe('error');
    expect(h.audit).toHaveLength(2);
    expect(h.audit[0]).toMatchObject({
      id: 'user.freeze',
      source: 'menu',
      outcome: 'ok',
      args: { username: 'alice', password: '***' },
    });
    expect(h.audit[1]).toMatchObject({
      id: 'a.boom',
      source: 'terminal',
      outcome: 'error',
      error: '服务器错误',
    });
    for (const entry of h.audit) {
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(typeof entry.at).toBe('number');
    }
  });

  it('runs nested commands through the same executor, source and checks', async () => {
    const h = makeHarness({
      commands: [
        defineCommand({
          id: 'user.get',
          title: '查询用户',
          args: z.object({ id: z.string().describe('用户 id') }),
          async run(ctx, args) {
            return { records: [{ id: args.id, input: ctx.input ?? null }] };
          },
        }),
        defineCommand({ id: 'user.secret', title: '机密', permission: 'user:secret', async run() {} }),
        defineCommand({
          id: 'user.show',
          title: '显示用户',
          async run(ctx) {
            const inner = await ctx.run('user.get', { id: '7' });
            const refused = await ctx.run('user.secret').then(
              () => 'ran',
              (e: unknown) => (e as CommandError).message,
            );
            return { message: `${JSON.stringify(inner)} ${refused}` };
          },
        }),
      ],
    });
    const result = await h.executor.run('user.show', {}, { source: 'palette', input: [{ id: 'x' }] });
    expect(result.message).toBe('{"records":[{"id":"7","input":null}]} 没有权限，请联系管理员授权');
    expect(h.audit.map((e) => [e.id, e.source, e.outcome])).toEqual([
      ['user.get', 'palette', 'ok'],
      ['user.secret', 'palette', 'denied'],
      ['user.show', 'palette', 'ok'],
    ]);
  });

  it('lists visible commands by permission and `when`', () => {
    const h = makeHarness({
      commands: [
        defineCommand({ id: 'user.list', title: '用户列表', permission: 'user:list', async run() {} }),
        defineCommand({ id: 'user.add', title: '新增用户', permission: 'user:add', async run() {} }),
        defineCommand({
          id: 'user.edit',
          title: '编辑用户',
          when: (k) => k.route === '/users',
          async run() {},
        }),
        defineCommand({
          id: 'user.broken',
          title: '出错的条件',
          when: () => {
            throw new Error('x');
          },
          async run() {},
        }),
      ],
      permissions: ['user:list'],
      keys: { route: '/' },
    });
    expect(h.executor.visible().map((c) => c.id)).toEqual(['user.list']);
    expect(h.executor.visible({ route: '/users' }).map((c) => c.id)).toEqual(['user.list', 'user.edit']);
  });
});

describe('arguments a surface does not give (issue 27)', () => {
  const got: Array<Record<string, unknown>> = [];
  const price = defineCommand({
    id: 'project.price',
    title: '调整项目价格',
    args: z.object({
      project: z.string().describe('服务项目'),
      price: z.string().describe('新价格'),
      mode: z.enum(['上架', '下架']).describe('状态'),
    }),
    positional: ['project', 'price'],
    target: 'project',
    async run(_ctx, args) {
      got.push(args);
    },
  });

  it('fills the target from a row button and asks for what is still required, with its choices', async () => {
    const h = makeHarness({ commands: [price] });
    const asked: string[] = [];
    const answers = ['198', '下架'];
    // the question declined (取消, Esc): the run is cancelled, not refused for a missing argument
    await expect(
      h.executor.run('project.price', { id: 'p1', ids: 'p1' }, { source: 'button' }),
    ).rejects.toMatchObject({ message: '已取消', outcome: 'cancelled' });
    // answered with nothing: the argument stays missing
    const empty = makeHarness({ commands: [price], prompt: async () => '' });
    await expect(
      empty.executor.run('project.price', { id: 'p1', ids: 'p1' }, { source: 'button' }),
    ).rejects.toThrow('缺少参数: price');
    // answered: a prompt that answers in turn
    const answering = makeHarness({
      commands: [price],
      prompt: async (m) => (asked.push(m), answers.shift() ?? null),
    });
    await answering.executor.run('project.price', { id: 'p1', ids: 'p1' }, { source: 'button' });
    expect(got.at(-1)).toEqual({ project: 'p1', price: '198', mode: '下架' });
    expect(asked).toEqual(['调整项目价格：新价格', '调整项目价格：状态（上架、下架）']);
    // a script is never asked: refused at once
    answers.push('1');
    await expect(
      answering.executor.run('project.price', { project: 'p1' }, { source: 'script' }),
    ).rejects.toThrow('缺少参数: price');
  });
});

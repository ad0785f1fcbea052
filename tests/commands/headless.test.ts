import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../commands/core/define-command.ts';
import type { CommandContext, CommandDefinition } from '../../commands/core/types.ts';
import {
  HEADLESS_MSG,
  headlessExecutor,
  headlessRegistry,
  needsPage,
  runHeadlessScript,
} from '../../commands/headless/executor.ts';
import { scriptCommands } from '../../commands/saved-script/palette.ts';
import { COMMANDS } from '../../commands/index.ts';

/** The registry without a page (the `care` CLI, saved-script runs): what it refuses and how a run ends. */
const api: CommandContext['api'] = {
  get: async () => ({}) as never,
  post: async () => ({}) as never,
  put: async () => ({}) as never,
  delete: async () => ({}) as never,
};

function executor(commands: readonly CommandDefinition[], calls: string[] = []) {
  return headlessExecutor(
    {
      api,
      permissions: new Set(['x:run']),
      confirm: async (q) => {
        throw new Error(HEADLESS_MSG.confirmNeeded(q));
      },
      prompt: async () => '',
      output: (l) => void calls.push(`out:${l}`),
      progress: () => undefined,
    },
    headlessRegistry(commands),
  );
}

const ok = defineCommand({ id: 'demo.ok', title: '成功', run: async () => ({ message: 'fine' }) });
const bad = defineCommand({
  id: 'demo.bad',
  title: '失败',
  run: async () => {
    throw new Error('坏了');
  },
});

describe('headless commands', () => {
  it('refuses every command of the page before running it', async () => {
    let ran = 0;
    const page = COMMANDS.filter(needsPage).map((c) => ({ ...c, run: async () => void ran++ }));
    expect(page.length).toBeGreaterThan(10);
    const ex = executor(page);
    for (const c of page) {
      const all = Object.fromEntries(Object.keys(c.args?.shape ?? {}).map((k) => [k, undefined]));
      await expect(ex.run(c.id, all, { source: 'script', yes: true })).rejects.toThrow(
        HEADLESS_MSG.needsPage(c.title),
      );
    }
    expect(ran).toBe(0);
  });

  it('fails a script on a failed statement unless a || statement ran after it', async () => {
    const ex = executor([ok, bad]);
    const lines: string[] = [];
    const io = { out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(`!${l}`) };
    expect((await runHeadlessScript('demo ok', ex, io)).ok).toBe(true);
    expect((await runHeadlessScript('demo bad; demo ok', ex, io)).ok).toBe(false);
    expect((await runHeadlessScript('demo bad || demo ok', ex, io)).ok).toBe(true);
    expect((await runHeadlessScript('demo ok && demo bad', ex, io)).ok).toBe(false);
    expect((await runHeadlessScript('demo "open', ex, io)).ok).toBe(false);
    expect(lines).toContain('!坏了');
  });

  it('refuses a confirmation nobody can answer, and a widget', async () => {
    const asks = defineCommand({
      id: 'demo.asks',
      title: '确认',
      dangerous: true,
      confirm: '确定吗?',
      run: async () => ({ message: 'done' }),
    });
    const opens = defineCommand({
      id: 'demo.opens',
      title: '界面',
      run: async (ctx) => void (await ctx.open!('x.form')),
    });
    const ex = executor([asks, opens]);
    await expect(ex.run('demo.asks', {}, { source: 'script' })).rejects.toThrow('加 --yes');
    await expect(ex.run('demo.asks', {}, { source: 'script', yes: true })).resolves.toEqual({
      message: 'done',
    });
    await expect(ex.run('demo.opens', {}, { source: 'script' })).rejects.toThrow(
      HEADLESS_MSG.needsWidget('x.form'),
    );
  });
});

describe('saved scripts as commands', () => {
  it('takes the parameters as arguments: one without a default is required, given values are sent', async () => {
    const [cmd] = scriptCommands([{ id: 's1', name: 'nightly', title: '夜间', params: 'age=30m,status' }]);
    expect(cmd!.id).toBe('script.nightly');
    const sent: Array<Record<string, unknown>> = [];
    const run = defineCommand({
      id: 'savedScript.run',
      title: '运行脚本',
      args: z.object({ id: z.string(), params: z.string().optional() }),
      run: async (_ctx, args) => void sent.push(args),
    });
    const ex = headlessExecutor(
      {
        api,
        permissions: new Set(['savedScript:run', 'savedScript:list']),
        confirm: async () => true,
        prompt: async () => '',
        output: () => undefined,
        progress: () => undefined,
      },
      headlessRegistry([run, cmd!]),
    );
    await expect(ex.run('script.nightly', {}, { source: 'script' })).rejects.toThrow('status');
    await ex.run('script.nightly', { status: '待支付' }, { source: 'script' });
    await ex.run('script.nightly', { status: 'x', age: '1h' }, { source: 'script' });
    expect(sent).toEqual([
      { id: 's1', params: 'status=待支付' },
      { id: 's1', params: 'age=1h,status=x' },
    ]);
    // a name that cannot be a command id gives none
    expect(scriptCommands([{ id: 's2', name: 'Bad-Name', title: 'x' }])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { COMMANDS, registerAll } from '../../commands/index.ts';
import { defineCommand } from '../../commands/core/define-command.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { CommandExecutor } from '../../commands/core/executor.ts';

describe('commands/index', () => {
  it('registers every listed command without a clash', () => {
    const registry = new CommandRegistry();
    registerAll(registry);
    expect(registry.all().map((c) => c.id)).toEqual(COMMANDS.map((c) => c.id));
  });

  it('throws when a list holds the same id twice', () => {
    const a = defineCommand({ id: 'demo.run', title: '演示', async run() {} });
    expect(() => registerAll(new CommandRegistry(), [a, a])).toThrow(
      'Cannot register two commands with the same id: demo.run',
    );
  });
});

/**
 * Every command placed on a toolbar or a row menu runs from there without an error about its own
 * arguments (issue 27: 调价 said `缺少参数: project`, 批量上下架 `status: 无效选项`): a row button
 * sends the row (`{ id, ids }`), a toolbar button nothing with rows ticked, and what is still
 * required is asked for (answered here with its first choice, else `1`). The commands' work is
 * replaced: only the executor's path to it is checked.
 */
describe('toolbar and row commands take what their surface gives', () => {
  const registry = new CommandRegistry();
  registerAll(registry);
  const placed = registry
    .all()
    .filter((c) => c.menus?.some((m) => m.menu.endsWith('.row') || m.menu.endsWith('.toolbar')));
  const stubs = new CommandRegistry();
  for (const c of placed)
    stubs.register({ ...c, when: undefined, prepare: undefined, run: async () => ({}) });
  const executor = new CommandExecutor({
    registry: stubs,
    permissions: () =>
      new Set(placed.flatMap((c) => [c.permission, ...(c.requires ?? [])]).filter(Boolean) as string[]),
    keys: () => ({ selection: ['r1', 'r2'] }),
    ctxFactory: () => ({
      api: {
        get: async () => undefined as never,
        post: async () => undefined as never,
        put: async () => undefined as never,
        delete: async () => undefined as never,
      },
      navigate: () => undefined,
      confirm: async () => true,
      prompt: async (message: string) => /（([^（）、]+)[、）]/.exec(message)?.[1] ?? '1',
      progress: () => undefined,
      output: () => undefined,
    }),
  });

  it('covers the row and toolbar commands', () => {
    expect(placed.length).toBeGreaterThan(20);
    expect(placed.map((c) => c.id)).toEqual(expect.arrayContaining(['project.price', 'goods.status']));
  });

  it.each(placed.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    for (const m of c.menus ?? []) {
      const args = m.menu.endsWith('.row') ? { id: 'r1', ids: 'r1' } : {};
      await expect(
        executor.run(c.id, args, { source: 'button' }),
        `${c.id} on ${m.menu}`,
      ).resolves.toBeDefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { COMMANDS, registerAll } from '../../commands/index.ts';
import { defineCommand } from '../../commands/core/define-command.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';

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

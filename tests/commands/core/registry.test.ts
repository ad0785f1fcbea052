import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../../commands/core/define-command.ts';
import { CommandRegistry } from '../../../commands/core/registry.ts';
import type { CommandDefinition } from '../../../commands/core/types.ts';

const cmd = (id: string, extra: Partial<CommandDefinition> = {}): CommandDefinition =>
  defineCommand({ id, title: id, async run() {}, ...extra });

describe('CommandRegistry', () => {
  it('registers, finds and lists commands in registration order', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('user.list'));
    registry.register(cmd('user.freeze'));
    expect(registry.get('user.freeze')?.id).toBe('user.freeze');
    expect(registry.has('user.add')).toBe(false);
    expect(registry.all().map((c) => c.id)).toEqual(['user.list', 'user.freeze']);
  });

  it('throws on a duplicate id', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('user.freeze'));
    expect(() => registry.register(cmd('user.freeze'))).toThrow(
      'Cannot register two commands with the same id: user.freeze',
    );
    expect(registry.all()).toHaveLength(1);
  });

  it.each(['user', 'User.freeze', 'user.Freeze', 'user.free-ze', 'user.', '.user', 'user..freeze'])(
    'refuses the malformed id %s',
    (id) => {
      expect(() => new CommandRegistry().register(cmd(id))).toThrow(/Invalid command id/);
    },
  );

  it('accepts camelCase and deeper ids', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('user.resetPassword'));
    registry.register(cmd('nav.system.user'));
    expect(registry.all()).toHaveLength(2);
  });

  it.each([
    ['Mod+Shift+K', 'shift+mod+k', 'same keys, other case and modifier order'],
    ['Mod+K', 'Ctrl+K', 'Mod is Ctrl off macOS'],
    ['Mod+K', 'Cmd+K', 'Mod is Cmd on macOS'],
    ['Mod+K', 'Mod+K Mod+S', 'a key that starts a chord'],
    ['Mod+K Mod+S', 'mod+k ctrl+s', 'the same chord on Windows'],
  ])('throws on clashing keybindings %s / %s (%s)', (a, b) => {
    const registry = new CommandRegistry();
    registry.register(cmd('a.one', { keybinding: a }));
    expect(() => registry.register(cmd('a.two', { keybinding: b }))).toThrow(/clashes with/);
    expect(registry.has('a.two')).toBe(false);
  });

  it('accepts distinct keybindings and chords sharing their first stroke', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('a.one', { keybinding: 'Mod+K Mod+S' }));
    registry.register(cmd('a.two', { keybinding: 'Mod+K Mod+T' }));
    registry.register(cmd('a.three', { keybinding: 'Mod+Shift+K' }));
    registry.register(cmd('a.four', { keybinding: 'Alt+K' }));
    expect(registry.all()).toHaveLength(4);
  });

  it('refuses an unparsable keybinding and a positional that is not an arg', () => {
    const registry = new CommandRegistry();
    expect(() => registry.register(cmd('a.one', { keybinding: 'Hyper+K' }))).toThrow(
      /Unknown modifier "Hyper"/,
    );
    expect(() =>
      registry.register(cmd('a.two', { args: z.object({ name: z.string() }), positional: ['nmae'] })),
    ).toThrow(/positional "nmae"/);
  });

  it('unregisters by id or by the returned disposer, and notifies subscribers', () => {
    const registry = new CommandRegistry();
    const calls: number[] = [];
    const unsubscribe = registry.subscribe(() => calls.push(registry.version));
    const dispose = registry.register(cmd('user.list'));
    registry.register(cmd('user.add'));
    expect(registry.unregister('user.add')).toBe(true);
    expect(registry.unregister('user.add')).toBe(false);
    dispose();
    expect(registry.all()).toEqual([]);
    expect(calls).toEqual([1, 2, 3, 4]);
    unsubscribe();
    registry.register(cmd('user.list'));
    expect(calls).toHaveLength(4);
  });

  it('keeps the all() array stable between changes', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('user.list'));
    const first = registry.all();
    expect(registry.all()).toBe(first);
    registry.register(cmd('user.add'));
    expect(registry.all()).not.toBe(first);
  });

  it('replaces a generated set atomically with one notification', () => {
    const registry = new CommandRegistry();
    registry.register(cmd('user.list', { keybinding: 'Mod+U' }));
    registry.replaceGenerated('nav', [cmd('nav.users'), cmd('nav.roles')]);
    let notified = 0;
    registry.subscribe(() => (notified += 1));
    registry.replaceGenerated('nav', [cmd('nav.users'), cmd('nav.departs')]);
    expect(notified).toBe(1);
    expect(registry.all().map((c) => c.id)).toEqual(['user.list', 'nav.users', 'nav.departs']);

    expect(() => registry.replaceGenerated('nav', [cmd('nav.a'), cmd('user.list')])).toThrow(
      /does not start with nav\./,
    );
    expect(() => registry.replaceGenerated('nav', [cmd('nav.a', { keybinding: 'Ctrl+U' })])).toThrow(
      /clashes/,
    );
    expect(() => registry.replaceGenerated('nav.', [cmd('nav.a'), cmd('nav.a')])).toThrow(/same id: nav\.a/);
    expect(registry.all().map((c) => c.id)).toEqual(['user.list', 'nav.users', 'nav.departs']);
    expect(notified).toBe(1);
  });

  it('lists a menu sorted by group, order, then title', () => {
    const registry = new CommandRegistry();
    registry.register(
      cmd('user.delete', { title: '删除', menus: [{ menu: 'user.row', group: '9_danger' }] }),
    );
    registry.register(
      cmd('user.edit', { title: '编辑', menus: [{ menu: 'user.row', group: '1_edit', order: 2 }] }),
    );
    registry.register(
      cmd('user.view', { title: '详情', menus: [{ menu: 'user.row', group: '1_edit', order: 1 }] }),
    );
    registry.register(
      cmd('user.freeze', { title: '冻结', menus: [{ menu: 'user.row', group: '9_danger' }] }),
    );
    registry.register(cmd('user.add', { title: '新增', menus: [{ menu: 'user.toolbar' }] }));
    expect(registry.byMenu('user.row').map((c) => c.id)).toEqual([
      'user.view',
      'user.edit',
      'user.freeze',
      'user.delete',
    ]);
    expect(registry.menuEntries('user.row').map((e) => e.placement.group)).toEqual([
      '1_edit',
      '1_edit',
      '9_danger',
      '9_danger',
    ]);
    expect(registry.byMenu('nowhere')).toEqual([]);
  });
});

import { parseKeybinding, platformKeybinding } from './keybinding.ts';
import type { CommandDefinition, MenuPlacement } from './types.ts';

/** `domain.verb` (more segments allowed, e.g. generated `nav.system.user`). */
export const COMMAND_ID_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

/** A command placed in a menu, with the placement that put it there. */
export interface MenuEntry {
  command: CommandDefinition;
  placement: MenuPlacement;
}

export type RegistryListener = () => void;

/** Both platforms: a binding that clashes on either one is refused. */
const PLATFORMS = [false, true];

/** Checks a definition on its own (id shape, keybinding syntax, positional names). */
function validateDefinition(def: CommandDefinition): void {
  if (!COMMAND_ID_PATTERN.test(def.id)) {
    throw new Error(`Invalid command id "${def.id}": expected 'domain.verb' in camelCase segments`);
  }
  if (def.keybinding !== undefined) parseKeybinding(def.keybinding);
  const shape = def.args?.shape ?? {};
  for (const name of def.positional ?? []) {
    if (!(name in shape)) throw new Error(`Command ${def.id}: positional "${name}" is not a field of args`);
  }
}

/** Keys that clash: the same strokes on one platform, or one binding being a prefix of a chord. */
function keybindingsClash(a: string, b: string): boolean {
  return PLATFORMS.some((isMac) => {
    const pa = platformKeybinding(a, isMac);
    const pb = platformKeybinding(b, isMac);
    return pa === pb || pa.startsWith(`${pb} `) || pb.startsWith(`${pa} `);
  });
}

function compareEntries(a: MenuEntry, b: MenuEntry): number {
  const group = (a.placement.group ?? '').localeCompare(b.placement.group ?? '');
  if (group !== 0) return group;
  const order = (a.placement.order ?? 0) - (b.placement.order ?? 0);
  if (order !== 0) return order;
  return a.command.title.localeCompare(b.command.title, 'zh-Hans-CN');
}

/**
 * The one registry every surface reads (menus, palette, buttons, shortcuts, terminal, help).
 * Throws on a duplicate id or a clashing keybinding at registration time.
 */
export class CommandRegistry {
  private readonly commands = new Map<string, CommandDefinition>();
  private readonly listeners = new Set<RegistryListener>();
  private snapshot: readonly CommandDefinition[] = [];
  private revision = 0;

  /** Registers a command; returns a function that unregisters it. */
  register(def: CommandDefinition): () => void {
    this.check([def], this.commands);
    this.commands.set(def.id, def);
    this.changed();
    return () => {
      if (this.commands.get(def.id) === def) this.unregister(def.id);
    };
  }

  /** Removes a command; returns whether it was registered. */
  unregister(id: string): boolean {
    const removed = this.commands.delete(id);
    if (removed) this.changed();
    return removed;
  }

  get(id: string): CommandDefinition | undefined {
    return this.commands.get(id);
  }

  has(id: string): boolean {
    return this.commands.has(id);
  }

  /** Every command in registration order. The array is stable until the next change (usable as a React snapshot). */
  all(): readonly CommandDefinition[] {
    return this.snapshot;
  }

  /** Increases on every change. */
  get version(): number {
    return this.revision;
  }

  /**
   * Atomically replaces every command whose id starts with `prefix.` (e.g. 'nav') by `defs`
   * (navigation commands rebuilt from the server menu). Nothing changes if any def is invalid.
   */
  replaceGenerated(prefix: string, defs: CommandDefinition[]): void {
    const head = prefix.endsWith('.') ? prefix : `${prefix}.`;
    for (const def of defs) {
      if (!def.id.startsWith(head))
        throw new Error(`Generated command ${def.id} does not start with ${head}`);
    }
    const kept = new Map([...this.commands].filter(([id]) => !id.startsWith(head)));
    this.check(defs, kept);
    for (const id of [...this.commands.keys()]) if (id.startsWith(head)) this.commands.delete(id);
    for (const def of defs) this.commands.set(def.id, def);
    this.changed();
  }

  /** Commands placed in `menu`, sorted by group, order, then title. Permission filtering is the executor's. */
  byMenu(menu: string): CommandDefinition[] {
    return this.menuEntries(menu).map((e) => e.command);
  }

  /** Like `byMenu`, with the placement (its `group` lets a menu draw separators). */
  menuEntries(menu: string): MenuEntry[] {
    const entries: MenuEntry[] = [];
    for (const command of this.commands.values()) {
      const placement = command.menus?.find((m) => m.menu === menu);
      if (placement) entries.push({ command, placement });
    }
    return entries.sort(compareEntries);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private check(defs: CommandDefinition[], existing: Map<string, CommandDefinition>): void {
    const seen = new Map(existing);
    for (const def of defs) {
      validateDefinition(def);
      if (seen.has(def.id)) throw new Error(`Cannot register two commands with the same id: ${def.id}`);
      if (def.keybinding !== undefined) {
        for (const other of seen.values()) {
          if (other.keybinding !== undefined && keybindingsClash(def.keybinding, other.keybinding)) {
            throw new Error(
              `Cannot register ${def.id}: keybinding "${def.keybinding}" clashes with "${other.keybinding}" of ${other.id}`,
            );
          }
        }
      }
      seen.set(def.id, def);
    }
  }

  private changed(): void {
    this.revision += 1;
    this.snapshot = [...this.commands.values()];
    for (const listener of [...this.listeners]) listener();
  }
}

import { useSyncExternalStore } from 'react';
import type { CommandDefinition } from '../../../commands/core/types.ts';
import { executor, registry, runtime } from './runtime.ts';

/** Re-render when permissions, context keys or the registry change. */
export const useRuntimeVersion = () => useSyncExternalStore(runtime.subscribe, runtime.version);

/** Commands the user may run now (permission and `when`), for palette and completion. */
export function useVisibleCommands(): CommandDefinition[] {
  useRuntimeVersion();
  return executor.visible();
}

/**
 * The visible commands placed in a menu (toolbar, row actions, user menu…), in menu order. With
 * `locked`, also the buttons of type "2" rights the user lacks, flagged `disabled` (spec §6: shown
 * disabled, not hidden), for surfaces that render disabled buttons.
 */
export function useMenu(
  menu: string,
  opts: { locked?: boolean } = {},
): Array<CommandDefinition & { label: string; disabled?: boolean }> {
  useRuntimeVersion();
  const visible = new Set(executor.visible().map((c) => c.id));
  const locked = runtime.locked();
  return registry
    .menuEntries(menu)
    .filter((e) => visible.has(e.command.id) || (opts.locked && executor.isLocked(e.command, locked)))
    .map((e) => ({
      ...e.command,
      label: e.placement.label ?? e.command.title,
      ...(visible.has(e.command.id) ? {} : { disabled: true }),
    }));
}

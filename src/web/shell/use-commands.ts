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

/** The visible commands placed in a menu (toolbar, row actions, user menu…), in menu order. */
export function useMenu(menu: string): Array<CommandDefinition & { label: string }> {
  useRuntimeVersion();
  const visible = new Set(executor.visible().map((c) => c.id));
  return registry
    .menuEntries(menu)
    .filter((e) => visible.has(e.command.id))
    .map((e) => ({ ...e.command, label: e.placement.label ?? e.command.title }));
}

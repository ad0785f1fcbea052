import { formatKeybinding } from '../../../commands/core/keybinding.ts';
import { IS_MAC } from './keybindings.ts';
import { registry } from './runtime.ts';

/** A button's title: its label and the shortcut of the command it runs, from the registry. */
export function commandHint(id: string, label?: string): string {
  const cmd = registry.get(id);
  const text = label ?? cmd?.title ?? id;
  return cmd?.keybinding ? `${text}（${formatKeybinding(cmd.keybinding, IS_MAC)}）` : text;
}

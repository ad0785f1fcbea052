import { useEffect } from 'react';
import { ChordMatcher } from '../../../commands/core/chord-matcher.ts';
import { executor, runCommand, runtime } from './runtime.ts';

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Elements whose own keys win over shortcuts (except for bindings with a modifier). */
const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * Keys a control claims for itself with `data-own-keys` (space-separated, e.g. `Alt+ArrowDown`: a
 * date field opens its calendar, though the editable grid moves rows with it elsewhere).
 */
const ownsKey = (e: KeyboardEvent) => {
  const own = e.target instanceof HTMLElement ? e.target.closest('[data-own-keys]') : null;
  if (!own) return false;
  const combo = `${e.ctrlKey ? 'Ctrl+' : ''}${e.altKey ? 'Alt+' : ''}${e.shiftKey ? 'Shift+' : ''}${e.key}`;
  return own.getAttribute('data-own-keys')!.split(' ').includes(combo);
};

/**
 * Global shortcuts from the registry's keybindings (visible commands only). Never fires during IME
 * composition; inside text fields only modified keys count, and none a control claims for itself
 * (`data-own-keys`); the terminal keeps its own keys except Ctrl+` and Mod+K.
 */
export function useGlobalKeybindings() {
  useEffect(() => {
    const entries = () =>
      executor
        .visible()
        .filter((c) => c.keybinding)
        .map((c) => ({ id: c.id, keybinding: c.keybinding! }));
    const matcher = new ChordMatcher(entries(), { isMac: IS_MAC });
    const off = runtime.subscribe(() => matcher.setEntries(entries()));
    const onKey = (e: KeyboardEvent) => {
      const modified = e.ctrlKey || e.metaKey || e.altKey;
      if ((!modified && isEditable(e.target)) || ownsKey(e)) return;
      // the terminal's line editor owns its keys (Ctrl+K, Ctrl+U…), except the terminal toggle
      if (e.target instanceof HTMLElement && e.target.closest('[data-terminal]') && e.code !== 'Backquote')
        return;
      const step = matcher.feed(e);
      if (step.kind === 'none') return;
      e.preventDefault();
      e.stopPropagation();
      if (step.kind === 'match') void runCommand(step.id, {}, 'keyboard');
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      off();
      window.removeEventListener('keydown', onKey, true);
    };
  }, []);
}

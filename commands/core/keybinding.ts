/**
 * Keybindings as data: one string (`'Mod+Shift+K'`, chords `'Mod+K Mod+S'`) both matches key events
 * and is displayed. `Mod` is ⌘ on macOS and Ctrl elsewhere. Pure functions; no DOM types.
 */

export type Modifier = 'Mod' | 'Ctrl' | 'Alt' | 'Shift' | 'Meta';

/** One key press of a binding. `modifiers` keeps the written order (used for display). */
export interface KeyStroke {
  key: string;
  modifiers: Modifier[];
}

/** A parsed binding: one stroke, or several for a chord. */
export type Keybinding = KeyStroke[];

/** The fields of a DOM `KeyboardEvent` the matcher reads. */
export interface KeyEventLike {
  key: string;
  code?: string;
  keyCode?: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

const CANONICAL_ORDER: Modifier[] = ['Mod', 'Ctrl', 'Alt', 'Shift', 'Meta'];

const MODIFIER_NAMES: Record<string, Modifier> = {
  mod: 'Mod',
  cmdorctrl: 'Mod',
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  option: 'Alt',
  opt: 'Alt',
  shift: 'Shift',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  super: 'Meta',
  win: 'Meta',
};

const KEY_NAMES: Record<string, string> = {
  esc: 'Escape',
  escape: 'Escape',
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  space: 'Space',
  spacebar: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  up: 'ArrowUp',
  arrowup: 'ArrowUp',
  down: 'ArrowDown',
  arrowdown: 'ArrowDown',
  left: 'ArrowLeft',
  arrowleft: 'ArrowLeft',
  right: 'ArrowRight',
  arrowright: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pgup: 'PageUp',
  pagedown: 'PageDown',
  pgdn: 'PageDown',
  plus: '+',
  minus: '-',
};

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'OS', 'AltGraph', 'CapsLock', 'Fn']);

/** Normalises a key name ('k' → 'K', 'esc' → 'Escape', 'f5' → 'F5'); undefined when unknown. */
export function normalizeKeyName(name: string): string | undefined {
  if (name === ' ') return 'Space';
  if ([...name].length === 1) return name.toUpperCase();
  const lower = name.toLowerCase();
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) return lower.toUpperCase();
  return KEY_NAMES[lower];
}

function parseStroke(text: string, binding: string): KeyStroke {
  let parts: string[];
  let key: string | undefined;
  if (text === '+') {
    parts = [];
    key = '+';
  } else if (text.endsWith('++')) {
    parts = text.slice(0, -2).split('+');
    key = '+';
  } else {
    parts = text.split('+');
    const last = parts.pop() ?? '';
    key = normalizeKeyName(last);
    if (!key || MODIFIER_NAMES[last.toLowerCase()]) {
      throw new Error(`Invalid key "${last}" in keybinding "${binding}"`);
    }
  }
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const modifier = MODIFIER_NAMES[part.toLowerCase()];
    if (!modifier) throw new Error(`Unknown modifier "${part}" in keybinding "${binding}"`);
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  return { key, modifiers };
}

/** Parses `'Mod+Shift+K'` or a chord `'Mod+K Mod+S'`; throws on an unknown key or modifier. */
export function parseKeybinding(binding: string): Keybinding {
  const strokes = binding.trim().split(/\s+/).filter(Boolean);
  if (strokes.length === 0) throw new Error('Empty keybinding');
  return strokes.map((s) => parseStroke(s, binding));
}

function sortModifiers(modifiers: Modifier[]): Modifier[] {
  return CANONICAL_ORDER.filter((m) => modifiers.includes(m));
}

function strokeToString(stroke: KeyStroke): string {
  return [...sortModifiers(stroke.modifiers), stroke.key].join('+');
}

/** Platform-neutral canonical form: aliases resolved, modifiers in a fixed order (`'Mod+Shift+K'`). */
export function normalizeKeybinding(binding: string | Keybinding): string {
  const parsed = typeof binding === 'string' ? parseKeybinding(binding) : binding;
  return parsed.map(strokeToString).join(' ');
}

/** Replaces `Mod` by the platform modifier (Meta on macOS, Ctrl elsewhere). */
export function resolveStroke(stroke: KeyStroke, isMac: boolean): KeyStroke {
  const modifiers = stroke.modifiers.map((m): Modifier => (m === 'Mod' ? (isMac ? 'Meta' : 'Ctrl') : m));
  return { key: stroke.key, modifiers: [...new Set(modifiers)] };
}

/** The binding as it will actually be pressed on one platform (for clash detection). */
export function platformKeybinding(binding: string | Keybinding, isMac: boolean): string {
  const parsed = typeof binding === 'string' ? parseKeybinding(binding) : binding;
  return parsed.map((s) => strokeToString(resolveStroke(s, isMac))).join(' ');
}

/** True while an input method editor composes text (Chinese input): shortcuts must not fire. */
export function isComposingEvent(event: KeyEventLike): boolean {
  return event.isComposing === true || event.key === 'Process' || event.keyCode === 229;
}

/** True for a key event of a modifier alone (Shift, Control…): it never completes nor breaks a chord. */
export function isModifierOnly(event: KeyEventLike): boolean {
  return MODIFIER_KEYS.has(event.key);
}

/**
 * The key name of an event. Letters and digits fall back to the physical `code` when the produced
 * character is not ASCII (Option+K on macOS gives '˚', Shift+1 gives '!').
 */
function eventKeyName(event: KeyEventLike): string | undefined {
  if (/^[a-zA-Z0-9]$/.test(event.key)) return event.key.toUpperCase();
  const code = event.code ? /^(?:Key([A-Z])|Digit([0-9]))$/.exec(event.code) : null;
  if (code) return code[1] ?? code[2];
  return normalizeKeyName(event.key);
}

/** Does one key event match one stroke? */
export function matchStroke(stroke: KeyStroke, event: KeyEventLike, isMac: boolean): boolean {
  const { key, modifiers } = resolveStroke(stroke, isMac);
  if (eventKeyName(event) !== key) return false;
  if (event.ctrlKey !== modifiers.includes('Ctrl')) return false;
  if (event.metaKey !== modifiers.includes('Meta')) return false;
  if (event.altKey !== modifiers.includes('Alt')) return false;
  // A symbol typed with Shift ('?') matches a binding written with the symbol alone.
  const shiftFree = !/^[A-Z0-9]$/.test(key) && key.length === 1 && !modifiers.includes('Shift');
  return shiftFree || event.shiftKey === modifiers.includes('Shift');
}

/** Matches a single-stroke binding against an event; never during IME composition. Chords: use ChordMatcher. */
export function matchKeyEvent(binding: string | Keybinding, event: KeyEventLike, isMac: boolean): boolean {
  if (isComposingEvent(event)) return false;
  const parsed = typeof binding === 'string' ? parseKeybinding(binding) : binding;
  const [first] = parsed;
  return parsed.length === 1 && first !== undefined && matchStroke(first, event, isMac);
}

const MAC_SYMBOLS: Record<Modifier, string> = { Mod: '⌘', Meta: '⌘', Ctrl: '⌃', Alt: '⌥', Shift: '⇧' };
const MAC_KEYS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Enter: '↩',
  Backspace: '⌫',
  Delete: '⌦',
  Tab: '⇥',
  Escape: 'Esc',
};
const PC_KEYS: Record<string, string> = {
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Escape: 'Esc',
};

function formatStroke(stroke: KeyStroke, isMac: boolean): string {
  const { key, modifiers } = resolveStroke(stroke, isMac);
  if (isMac) {
    const symbols = [...new Set(modifiers.map((m) => MAC_SYMBOLS[m]))].join('');
    return symbols + (MAC_KEYS[key] ?? key);
  }
  return [...modifiers, PC_KEYS[key] ?? key].join('+');
}

/**
 * Display text of a binding, modifiers in the written order: `'Mod+Shift+K'` → `'Ctrl+Shift+K'`
 * or `'⌘⇧K'`; chords are separated by a space.
 */
export function formatKeybinding(binding: string | Keybinding, isMac: boolean): string {
  const parsed = typeof binding === 'string' ? parseKeybinding(binding) : binding;
  return parsed.map((s) => formatStroke(s, isMac)).join(' ');
}

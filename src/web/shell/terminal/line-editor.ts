/**
 * The line editor of the terminal as pure functions: the text and cursor of the input line, the
 * editing keys (readline-like), history browsing and multi-line paste. The cursor counts UTF-16
 * code units, like `input.selectionStart`, and never splits a surrogate pair.
 */

export interface LineState {
  text: string;
  cursor: number;
}

export type EditAction =
  | 'left'
  | 'right'
  | 'wordLeft'
  | 'wordRight'
  | 'home'
  | 'end'
  | 'backspace'
  | 'delete'
  | 'killToStart'
  | 'killToEnd'
  | 'killWordBack';

export type KeyAction =
  | EditAction
  | 'submit'
  | 'complete'
  | 'historyPrev'
  | 'historyNext'
  | 'interrupt'
  | 'clearScreen'
  | 'search'
  | 'escape';

export const EMPTY_LINE: LineState = { text: '', cursor: 0 };

const EDIT_ACTIONS = new Set<string>([
  'left',
  'right',
  'wordLeft',
  'wordRight',
  'home',
  'end',
  'backspace',
  'delete',
  'killToStart',
  'killToEnd',
  'killWordBack',
]);

export const isEditAction = (action: KeyAction): action is EditAction => EDIT_ACTIONS.has(action);

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Index of the code point before `i`. */
function prevIndex(text: string, i: number): number {
  if (i <= 0) return 0;
  return i >= 2 && isLow(text.charCodeAt(i - 1)) && isHigh(text.charCodeAt(i - 2)) ? i - 2 : i - 1;
}

/** Index after the code point at `i`. */
function nextIndex(text: string, i: number): number {
  if (i >= text.length) return text.length;
  return isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1)) ? i + 2 : i + 1;
}

/** Start of the whitespace-delimited word before `i` (spaces right before `i` are skipped). */
function wordStart(text: string, i: number): number {
  let j = i;
  while (j > 0 && /\s/.test(text[j - 1] ?? '')) j -= 1;
  while (j > 0 && !/\s/.test(text[j - 1] ?? '')) j -= 1;
  return j;
}

/** End of the word at or after `i`. */
function wordEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && /\s/.test(text[j] ?? '')) j += 1;
  while (j < text.length && !/\s/.test(text[j] ?? '')) j += 1;
  return j;
}

const clamp = (state: LineState): LineState => ({
  text: state.text,
  cursor: Math.max(0, Math.min(state.text.length, state.cursor)),
});

/** Inserts `chunk` at the cursor. */
export function insertText(state: LineState, chunk: string): LineState {
  const { text, cursor } = clamp(state);
  return { text: text.slice(0, cursor) + chunk + text.slice(cursor), cursor: cursor + chunk.length };
}

/** Applies one editing key. */
export function edit(state: LineState, action: EditAction): LineState {
  const { text, cursor } = clamp(state);
  switch (action) {
    case 'left':
      return { text, cursor: prevIndex(text, cursor) };
    case 'right':
      return { text, cursor: nextIndex(text, cursor) };
    case 'wordLeft':
      return { text, cursor: wordStart(text, cursor) };
    case 'wordRight':
      return { text, cursor: wordEnd(text, cursor) };
    case 'home':
      return { text, cursor: 0 };
    case 'end':
      return { text, cursor: text.length };
    case 'backspace': {
      const from = prevIndex(text, cursor);
      return { text: text.slice(0, from) + text.slice(cursor), cursor: from };
    }
    case 'delete':
      return { text: text.slice(0, cursor) + text.slice(nextIndex(text, cursor)), cursor };
    case 'killToStart':
      return { text: text.slice(cursor), cursor: 0 };
    case 'killToEnd':
      return { text: text.slice(0, cursor), cursor };
    case 'killWordBack': {
      const from = wordStart(text, cursor);
      return { text: text.slice(0, from) + text.slice(cursor), cursor: from };
    }
  }
}

export interface KeyLike {
  key: string;
  /** physical key (Alt+B on macOS types '∫', its code stays 'KeyB') */
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const CTRL_KEYS: Record<string, KeyAction> = {
  a: 'home',
  e: 'end',
  b: 'left',
  f: 'right',
  u: 'killToStart',
  k: 'killToEnd',
  w: 'killWordBack',
  h: 'backspace',
  d: 'delete',
  p: 'historyPrev',
  n: 'historyNext',
  l: 'clearScreen',
  c: 'interrupt',
  r: 'search',
  g: 'escape',
};

/**
 * The action of a key on the input line, or undefined for keys left to the browser (typing,
 * Shift+arrows for selection, Cmd+C/V on macOS…). Ctrl keys mean the same on every platform; on
 * macOS Cmd+←/→ go to the start/end like in any text field.
 */
export function keyAction(e: KeyLike, isMac = false): KeyAction | undefined {
  if (e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey) {
    const action = CTRL_KEYS[e.key.toLowerCase()];
    if (action) return action;
    if (e.key === 'ArrowLeft') return 'wordLeft';
    if (e.key === 'ArrowRight') return 'wordRight';
    return undefined;
  }
  if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    if (e.key === 'ArrowLeft' || e.code === 'KeyB') return 'wordLeft';
    if (e.key === 'ArrowRight' || e.code === 'KeyF') return 'wordRight';
    if (e.key === 'Backspace') return 'killWordBack';
    return undefined;
  }
  if (e.metaKey) {
    if (!isMac || e.shiftKey || e.ctrlKey || e.altKey) return undefined;
    if (e.key === 'ArrowLeft') return 'home';
    if (e.key === 'ArrowRight') return 'end';
    if (e.key === 'Backspace') return 'killToStart';
    return undefined;
  }
  const plain: Record<string, KeyAction> = {
    Enter: 'submit',
    Tab: 'complete',
    ArrowUp: 'historyPrev',
    ArrowDown: 'historyNext',
    ArrowLeft: 'left',
    ArrowRight: 'right',
    Home: 'home',
    End: 'end',
    Backspace: 'backspace',
    Delete: 'delete',
    Escape: 'escape',
  };
  if (e.shiftKey) return e.key === 'Enter' ? 'submit' : undefined;
  return plain[e.key];
}

/** Where Up/Down browsing is: `index` null while editing the new line (saved in `draft`). */
export interface HistoryNav {
  index: number | null;
  draft: string;
}

export const NAV_START: HistoryNav = { index: null, draft: '' };

/**
 * One step through `entries` (oldest first): -1 goes to an older entry, +1 to a newer one and past
 * the newest back to the draft. Undefined when there is nowhere to go.
 */
export function historyStep(
  entries: readonly string[],
  nav: HistoryNav,
  text: string,
  dir: -1 | 1,
): { nav: HistoryNav; text: string } | undefined {
  if (dir < 0) {
    const index = nav.index === null ? entries.length - 1 : nav.index - 1;
    if (index < 0) return undefined;
    return { nav: { index, draft: nav.index === null ? text : nav.draft }, text: entries[index] ?? '' };
  }
  if (nav.index === null) return undefined;
  const index = nav.index + 1;
  if (index >= entries.length) return { nav: NAV_START, text: nav.draft };
  return { nav: { index, draft: nav.draft }, text: entries[index] ?? '' };
}

/**
 * Pasting `data` over the selection [from, to) of `text`: the complete lines to run, and what stays
 * on the input line (the part after the last line break).
 */
export function splitPaste(
  text: string,
  from: number,
  to: number,
  data: string,
): { lines: string[]; rest: string } {
  const merged = text.slice(0, from) + data + text.slice(to);
  const lines = merged.split(/\r\n|\r|\n/);
  const rest = lines.pop() ?? '';
  return { lines, rest };
}

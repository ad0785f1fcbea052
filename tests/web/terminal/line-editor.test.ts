import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINE,
  NAV_START,
  edit,
  historyStep,
  insertText,
  keyAction,
  splitPaste,
  type KeyLike,
  type LineState,
} from '../../../src/web/shell/terminal/line-editor.ts';

const at = (text: string, cursor = text.length): LineState => ({ text, cursor });
const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('line editing', () => {
  it('inserts at the cursor, Chinese included', () => {
    expect(insertText(at('user  list', 5), '冻结')).toEqual({ text: 'user 冻结 list', cursor: 7 });
    expect(insertText(EMPTY_LINE, 'help')).toEqual({ text: 'help', cursor: 4 });
  });

  it('moves left/right, Home/End and never splits a surrogate pair', () => {
    expect(edit(at('abc', 2), 'left')).toEqual(at('abc', 1));
    expect(edit(at('abc', 0), 'left')).toEqual(at('abc', 0));
    expect(edit(at('abc', 3), 'right')).toEqual(at('abc', 3));
    expect(edit(at('abc', 1), 'home')).toEqual(at('abc', 0));
    expect(edit(at('abc', 1), 'end')).toEqual(at('abc', 3));
    const emoji = 'a😀b'; // 😀 is two UTF-16 units
    expect(edit(at(emoji, 3), 'left').cursor).toBe(1);
    expect(edit(at(emoji, 1), 'right').cursor).toBe(3);
  });

  it('deletes backwards and forwards by code point', () => {
    expect(edit(at('张三丰', 2), 'backspace')).toEqual(at('张丰', 1));
    expect(edit(at('张三丰', 0), 'backspace')).toEqual(at('张三丰', 0));
    expect(edit(at('张三丰', 1), 'delete')).toEqual(at('张丰', 1));
    expect(edit(at('ab', 2), 'delete')).toEqual(at('ab', 2));
    expect(edit(at('x😀', 3), 'backspace')).toEqual(at('x', 1));
    expect(edit(at('😀x', 0), 'delete')).toEqual(at('x', 0));
  });

  it('kills to the start (Ctrl+U), to the end (Ctrl+K) and the word before the cursor (Ctrl+W)', () => {
    expect(edit(at('user freeze bob', 5), 'killToStart')).toEqual(at('freeze bob', 0));
    expect(edit(at('user freeze bob', 5), 'killToEnd')).toEqual(at('user ', 5));
    expect(edit(at('user freeze bob'), 'killWordBack')).toEqual(at('user freeze ', 12));
    expect(edit(at('user freeze   ', 14), 'killWordBack')).toEqual(at('user ', 5));
    expect(edit(at('user freeze bob', 11), 'killWordBack')).toEqual(at('user  bob', 5));
  });

  it('moves by words', () => {
    expect(edit(at('user freeze bob'), 'wordLeft').cursor).toBe(12);
    expect(edit(at('user freeze bob', 12), 'wordLeft').cursor).toBe(5);
    expect(edit(at('user freeze bob', 0), 'wordRight').cursor).toBe(4);
    expect(edit(at('user freeze bob', 4), 'wordRight').cursor).toBe(11);
  });

  it('clamps a cursor outside the text', () => {
    expect(edit({ text: 'ab', cursor: 9 }, 'backspace')).toEqual(at('a', 1));
  });
});

describe('keys', () => {
  it('maps readline Ctrl keys the same on every platform', () => {
    const ctrl = (k: string) => keyAction(key(k, { ctrlKey: true }));
    expect(['a', 'e', 'u', 'k', 'w', 'l', 'c', 'r'].map(ctrl)).toEqual([
      'home',
      'end',
      'killToStart',
      'killToEnd',
      'killWordBack',
      'clearScreen',
      'interrupt',
      'search',
    ]);
    expect(keyAction(key('C', { ctrlKey: true }), true)).toBe('interrupt');
    expect(ctrl('v')).toBeUndefined(); // paste stays with the browser
  });

  it('maps plain editing keys and leaves typing and Shift-selection to the browser', () => {
    expect(keyAction(key('Enter'))).toBe('submit');
    expect(keyAction(key('Tab'))).toBe('complete');
    expect(keyAction(key('ArrowUp'))).toBe('historyPrev');
    expect(keyAction(key('ArrowDown'))).toBe('historyNext');
    expect(keyAction(key('Escape'))).toBe('escape');
    expect(keyAction(key('a'))).toBeUndefined();
    expect(keyAction(key('张'))).toBeUndefined();
    expect(keyAction(key('ArrowLeft', { shiftKey: true }))).toBeUndefined();
    expect(keyAction(key('Tab', { shiftKey: true }))).toBeUndefined();
  });

  it('uses Cmd+←/→ only on macOS and leaves Cmd+C/V alone', () => {
    expect(keyAction(key('ArrowLeft', { metaKey: true }), true)).toBe('home');
    expect(keyAction(key('ArrowRight', { metaKey: true }), true)).toBe('end');
    expect(keyAction(key('ArrowLeft', { metaKey: true }), false)).toBeUndefined();
    expect(keyAction(key('c', { metaKey: true }), true)).toBeUndefined();
    expect(keyAction(key('∫', { altKey: true, code: 'KeyB' }), true)).toBe('wordLeft');
  });
});

describe('history browsing', () => {
  const entries = ['user list', 'help', 'user freeze bob'];

  it('goes back from the newest entry, keeping the draft, and forward to the draft again', () => {
    const up1 = historyStep(entries, NAV_START, 'dra', -1);
    expect(up1).toEqual({ nav: { index: 2, draft: 'dra' }, text: 'user freeze bob' });
    const up2 = historyStep(entries, up1!.nav, up1!.text, -1);
    expect(up2?.text).toBe('help');
    const up3 = historyStep(entries, up2!.nav, up2!.text, -1);
    expect(up3?.text).toBe('user list');
    expect(historyStep(entries, up3!.nav, up3!.text, -1)).toBeUndefined();
    const down = historyStep(entries, up2!.nav, 'help', 1);
    expect(down?.text).toBe('user freeze bob');
    expect(historyStep(entries, down!.nav, down!.text, 1)).toEqual({ nav: NAV_START, text: 'dra' });
  });

  it('does nothing on Down at the draft or Up with no history', () => {
    expect(historyStep(entries, NAV_START, 'x', 1)).toBeUndefined();
    expect(historyStep([], NAV_START, 'x', -1)).toBeUndefined();
  });
});

describe('multi-line paste', () => {
  it('runs the complete lines and keeps the rest on the line', () => {
    expect(splitPaste('', 0, 0, 'user list\r\nhelp\n')).toEqual({ lines: ['user list', 'help'], rest: '' });
    expect(splitPaste('echo ', 5, 5, 'a\nuser li')).toEqual({ lines: ['echo a'], rest: 'user li' });
  });

  it('replaces the selection and keeps the text after the cursor on the last line', () => {
    expect(splitPaste('help XX tail', 5, 7, 'one\ntwo ')).toEqual({ lines: ['help one'], rest: 'two  tail' });
  });
});

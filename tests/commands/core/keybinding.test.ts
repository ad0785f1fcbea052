import { describe, expect, it } from 'vitest';
import { ChordMatcher } from '../../../commands/core/chord-matcher.ts';
import {
  formatKeybinding,
  matchKeyEvent,
  normalizeKeybinding,
  parseKeybinding,
  platformKeybinding,
} from '../../../commands/core/keybinding.ts';
import type { KeyEventLike } from '../../../commands/core/keybinding.ts';

function key(k: string, mods: Partial<KeyEventLike> = {}): KeyEventLike {
  return { key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods };
}

describe('keybinding parsing', () => {
  it('normalises case, aliases and modifier order', () => {
    expect(normalizeKeybinding('shift+mod+k')).toBe('Mod+Shift+K');
    expect(normalizeKeybinding('Cmd+Option+esc')).toBe('Alt+Meta+Escape');
    expect(normalizeKeybinding('mod+k  ctrl+shift+f5')).toBe('Mod+K Ctrl+Shift+F5');
    expect(normalizeKeybinding('Mod++')).toBe('Mod++');
    expect(parseKeybinding('Shift+Mod+/')).toEqual([{ key: '/', modifiers: ['Shift', 'Mod'] }]);
  });

  it('resolves Mod per platform', () => {
    expect(platformKeybinding('Mod+K', false)).toBe('Ctrl+K');
    expect(platformKeybinding('Mod+K', true)).toBe('Meta+K');
  });

  it('throws on an unknown key or modifier', () => {
    expect(() => parseKeybinding('Mod+Banana')).toThrow('Invalid key "Banana" in keybinding "Mod+Banana"');
    expect(() => parseKeybinding('Mod+Shift')).toThrow(/Invalid key "Shift"/);
    expect(() => parseKeybinding('  ')).toThrow('Empty keybinding');
  });

  it('formats for display in the written modifier order', () => {
    expect(formatKeybinding('Mod+Shift+K', false)).toBe('Ctrl+Shift+K');
    expect(formatKeybinding('Mod+Shift+K', true)).toBe('⌘⇧K');
    expect(formatKeybinding('Mod+K Mod+S', false)).toBe('Ctrl+K Ctrl+S');
    expect(formatKeybinding('Mod+K Mod+S', true)).toBe('⌘K ⌘S');
    expect(formatKeybinding('Alt+ArrowUp', false)).toBe('Alt+Up');
    expect(formatKeybinding('Ctrl+Alt+Enter', true)).toBe('⌃⌥↩');
  });
});

describe('matchKeyEvent', () => {
  it('matches Mod as Ctrl off macOS and as Cmd on macOS', () => {
    expect(matchKeyEvent('Mod+K', key('k', { ctrlKey: true }), false)).toBe(true);
    expect(matchKeyEvent('Mod+K', key('k', { metaKey: true }), false)).toBe(false);
    expect(matchKeyEvent('Mod+K', key('k', { metaKey: true }), true)).toBe(true);
    expect(matchKeyEvent('Mod+K', key('k', { ctrlKey: true }), true)).toBe(false);
  });

  it('requires exactly the written modifiers', () => {
    expect(matchKeyEvent('Mod+Shift+K', key('K', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchKeyEvent('Mod+K', key('K', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(matchKeyEvent('Mod+K', key('k', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(matchKeyEvent('Mod+K', key('j', { ctrlKey: true }), false)).toBe(false);
  });

  it('never fires during IME composition', () => {
    expect(matchKeyEvent('Mod+K', key('k', { ctrlKey: true, isComposing: true }), false)).toBe(false);
    expect(matchKeyEvent('Enter', key('Enter', { isComposing: true }), false)).toBe(false);
    expect(matchKeyEvent('Enter', key('Process', { keyCode: 229 }), false)).toBe(false);
    expect(matchKeyEvent('Enter', key('Enter'), false)).toBe(true);
  });

  it('uses the physical key when Option or Shift changes the character', () => {
    expect(matchKeyEvent('Alt+K', key('˚', { altKey: true, code: 'KeyK' }), true)).toBe(true);
    expect(
      matchKeyEvent('Mod+Shift+1', key('!', { ctrlKey: true, shiftKey: true, code: 'Digit1' }), false),
    ).toBe(true);
    expect(matchKeyEvent('?', key('?', { shiftKey: true, code: 'Slash' }), false)).toBe(true);
  });

  it('does not match a chord on its own', () => {
    expect(matchKeyEvent('Mod+K Mod+S', key('k', { ctrlKey: true }), false)).toBe(false);
  });
});

describe('ChordMatcher', () => {
  const entries = [
    { id: 'file.save', keybinding: 'Mod+K Mod+S' },
    { id: 'file.saveAll', keybinding: 'Mod+K S' },
    { id: 'palette.open', keybinding: 'Mod+P' },
  ];

  it('matches single strokes and two-stroke chords', () => {
    const m = new ChordMatcher(entries, { isMac: false });
    expect(m.feed(key('p', { ctrlKey: true }), 0)).toEqual({ kind: 'match', id: 'palette.open' });
    expect(m.feed(key('k', { ctrlKey: true }), 0)).toEqual({ kind: 'pending', typed: 'Ctrl+K' });
    expect(m.pending).toBe(true);
    expect(m.feed(key('Control', { ctrlKey: true }), 10)).toEqual({ kind: 'pending', typed: 'Ctrl+K' });
    expect(m.feed(key('s', { ctrlKey: true }), 20)).toEqual({ kind: 'match', id: 'file.save' });
    expect(m.pending).toBe(false);
    m.feed(key('k', { ctrlKey: true }), 30);
    expect(m.feed(key('s'), 40)).toEqual({ kind: 'match', id: 'file.saveAll' });
  });

  it('drops a broken chord and lets unrelated keys through', () => {
    const m = new ChordMatcher(entries, { isMac: true });
    expect(m.feed(key('x'), 0)).toEqual({ kind: 'none' });
    expect(m.feed(key('k', { metaKey: true }), 0)).toEqual({ kind: 'pending', typed: '⌘K' });
    expect(m.feed(key('x'), 10)).toEqual({ kind: 'cancelled', typed: '⌘K' });
    expect(m.feed(key('s', { metaKey: true }), 20)).toEqual({ kind: 'none' });
  });

  it('ignores IME composition without losing a started chord', () => {
    const m = new ChordMatcher(entries, { isMac: false });
    m.feed(key('k', { ctrlKey: true }), 0);
    expect(m.feed(key('s', { ctrlKey: true, isComposing: true }), 5)).toEqual({ kind: 'none' });
    expect(m.pending).toBe(true);
    expect(m.feed(key('s', { ctrlKey: true }), 10)).toEqual({ kind: 'match', id: 'file.save' });
  });

  it('forgets a chord after the timeout', () => {
    const m = new ChordMatcher(entries, { isMac: false, timeoutMs: 1000 });
    m.feed(key('k', { ctrlKey: true }), 0);
    expect(m.feed(key('s', { ctrlKey: true }), 5000)).toEqual({ kind: 'none' });
    expect(m.feed(key('p', { ctrlKey: true }), 5001)).toEqual({ kind: 'match', id: 'palette.open' });
  });
});

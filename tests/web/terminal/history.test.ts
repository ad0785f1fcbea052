import { describe, expect, it } from 'vitest';
import {
  HISTORY_MAX,
  appendHistory,
  historyKey,
  loadHistory,
  recordHistory,
  saveHistory,
  searchHistory,
} from '../../../src/web/shell/terminal/history.ts';

/** A Storage stand-in (the pure parts run in node). */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('terminal history', () => {
  it('is stored per user under terminal.history.<username>', () => {
    const storage = memoryStorage();
    recordHistory(storage, 'admin', 'user list');
    recordHistory(storage, 'jeecg', 'help');
    expect(historyKey('admin')).toBe('terminal.history.admin');
    expect(JSON.parse(storage.data.get('terminal.history.admin')!)).toEqual(['user list']);
    expect(loadHistory(storage, 'jeecg')).toEqual(['help']);
    expect(loadHistory(storage, 'nobody')).toEqual([]);
  });

  it('skips blank lines, lines starting with a space and a repeat of the newest entry', () => {
    let h = appendHistory([], 'help');
    h = appendHistory(h, 'help');
    h = appendHistory(h, '   ');
    h = appendHistory(h, ' secret --password x');
    h = appendHistory(h, 'user list');
    h = appendHistory(h, 'help');
    expect(h).toEqual(['help', 'user list', 'help']);
  });

  it('keeps the last 500 lines', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: 600 }, (_, i) => `cmd ${i}`);
    saveHistory(storage, 'admin', many);
    const loaded = loadHistory(storage, 'admin');
    expect(HISTORY_MAX).toBe(500);
    expect(loaded).toHaveLength(500);
    expect(loaded[0]).toBe('cmd 100');
    expect(appendHistory(loaded, 'new').at(-1)).toBe('new');
    expect(appendHistory(loaded, 'new')).toHaveLength(500);
  });

  it('merges with lines another terminal of the same user stored meanwhile', () => {
    const storage = memoryStorage();
    recordHistory(storage, 'admin', 'from panel');
    expect(recordHistory(storage, 'admin', 'from page')).toEqual(['from panel', 'from page']);
  });

  it('reads unreadable storage as empty and survives a full storage', () => {
    expect(loadHistory(memoryStorage({ 'terminal.history.a': '{oops' }), 'a')).toEqual([]);
    expect(loadHistory(memoryStorage({ 'terminal.history.a': '{"x":1}' }), 'a')).toEqual([]);
    expect(loadHistory(memoryStorage({ 'terminal.history.a': '["ok",3]' }), 'a')).toEqual(['ok']);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveHistory(full, 'a', ['x'])).not.toThrow();
  });

  it('searches backwards case-insensitively (Ctrl+R, then Ctrl+R again for older)', () => {
    const entries = ['user list', 'help', 'User freeze bob', 'user list --json'];
    expect(searchHistory(entries, 'user')).toBe(3);
    expect(searchHistory(entries, 'user', 3)).toBe(2);
    expect(searchHistory(entries, 'user', 2)).toBe(0);
    expect(searchHistory(entries, 'user', 0)).toBe(-1);
    expect(searchHistory(entries, '冻结')).toBe(-1);
  });
});

/**
 * Command history of the terminal, per user in localStorage (`terminal.history.<username>`, the last
 * 500 lines, oldest first), and the reverse search of Ctrl+R.
 */

export const HISTORY_MAX = 500;

export const historyKey = (username: string) => `terminal.history.${username}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored lines; anything unreadable counts as an empty history. */
export function loadHistory(storage: Store, username: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(historyKey(username)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function saveHistory(storage: Store, username: string, entries: readonly string[]): void {
  try {
    storage.setItem(historyKey(username), JSON.stringify(entries.slice(-HISTORY_MAX)));
  } catch {
    // storage full or disabled: history stays in memory only
  }
}

/**
 * `entries` with `line` added: blank lines and lines starting with a space are not recorded (as
 * bash's ignorespace), nor a repeat of the newest entry; at most `max` entries are kept.
 */
export function appendHistory(entries: readonly string[], line: string, max = HISTORY_MAX): string[] {
  if (line.trim() === '' || line.startsWith(' ') || entries[entries.length - 1] === line) {
    return entries.slice(-max);
  }
  return [...entries, line].slice(-max);
}

/**
 * Records a line: re-reads the stored history first, so that two terminals of the same user (panel
 * and page) do not overwrite each other's lines. Returns the new history.
 */
export function recordHistory(storage: Store, username: string, line: string): string[] {
  const entries = appendHistory(loadHistory(storage, username), line);
  saveHistory(storage, username, entries);
  return entries;
}

/**
 * Index of the newest entry before `before` that contains `query` (case-insensitive), or -1.
 * Ctrl+R again passes the current match as `before` to go further back.
 */
export function searchHistory(entries: readonly string[], query: string, before = entries.length): number {
  const needle = query.toLowerCase();
  for (let i = Math.min(before, entries.length) - 1; i >= 0; i -= 1) {
    if ((entries[i] ?? '').toLowerCase().includes(needle)) return i;
  }
  return -1;
}

/**
 * Undo/redo of cell edits. One user action (a paste, a cut, a Delete over a range, one editor
 * commit) is one batch; undo restores every old value of the latest batch, redo applies it again.
 * Immutable: every operation returns a new history.
 */

/** One changed cell: row id, column id, value before and after. */
export interface CellChange {
  rowId: string;
  colId: string;
  oldValue: unknown;
  newValue: unknown;
}

/** A value to write back into a cell. */
export interface CellWrite {
  rowId: string;
  colId: string;
  value: unknown;
}

/** Past batches (latest last) and undone batches that redo can re-apply (latest undone last). */
export interface History {
  past: readonly CellChange[][];
  future: readonly CellChange[][];
  limit: number;
}

/** Default number of batches kept. */
export const HISTORY_LIMIT = 100;

/** An empty history keeping at most `limit` batches. */
export const emptyHistory = (limit = HISTORY_LIMIT): History => ({ past: [], future: [], limit });

/** Whether two cell values are the same (null and undefined alike). */
export const sameValue = (a: unknown, b: unknown) => a === b || (a == null && b == null) || Object.is(a, b);

/**
 * Record a batch. Changes that change nothing are dropped; an empty batch leaves the history as it
 * is. A new batch clears the redo list, as in every editor.
 */
export function record(history: History, batch: readonly CellChange[]): History {
  const real = batch.filter((c) => !sameValue(c.oldValue, c.newValue));
  if (real.length === 0) return history;
  const past = [...history.past, real];
  return { past: past.slice(Math.max(0, past.length - history.limit)), future: [], limit: history.limit };
}

/** Undo the latest batch: the writes restoring old values (in reverse order), or none. */
export function undo(history: History): { history: History; writes: CellWrite[] } {
  const batch = history.past.at(-1);
  if (!batch) return { history, writes: [] };
  return {
    history: { past: history.past.slice(0, -1), future: [...history.future, batch], limit: history.limit },
    writes: [...batch].reverse().map((c) => ({ rowId: c.rowId, colId: c.colId, value: c.oldValue })),
  };
}

/** Redo the latest undone batch: the writes applying its new values again, or none. */
export function redo(history: History): { history: History; writes: CellWrite[] } {
  const batch = history.future.at(-1);
  if (!batch) return { history, writes: [] };
  return {
    history: { past: [...history.past, batch], future: history.future.slice(0, -1), limit: history.limit },
    writes: batch.map((c) => ({ rowId: c.rowId, colId: c.colId, value: c.newValue })),
  };
}

/** Whether undo / redo would do anything. */
export const canUndo = (history: History): boolean => history.past.length > 0;
export const canRedo = (history: History): boolean => history.future.length > 0;

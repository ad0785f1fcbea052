import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  emptyHistory,
  record,
  redo,
  undo,
} from '../../../src/web/components/data-grid/spreadsheet/history.ts';

const change = (rowId: string, colId: string, oldValue: unknown, newValue: unknown) => ({
  rowId,
  colId,
  oldValue,
  newValue,
});

describe('spreadsheet undo history', () => {
  it('undoes a whole batch in reverse order and redoes it', () => {
    let h = record(emptyHistory(), [change('1', 'a', 'x', 'X'), change('2', 'a', 'y', 'Y')]);
    expect(canUndo(h)).toBe(true);
    const u = undo(h);
    expect(u.writes).toEqual([
      { rowId: '2', colId: 'a', value: 'y' },
      { rowId: '1', colId: 'a', value: 'x' },
    ]);
    h = u.history;
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(true);
    const r = redo(h);
    expect(r.writes).toEqual([
      { rowId: '1', colId: 'a', value: 'X' },
      { rowId: '2', colId: 'a', value: 'Y' },
    ]);
    expect(canRedo(r.history)).toBe(false);
    expect(canUndo(r.history)).toBe(true);
  });

  it('drops changes that change nothing and ignores empty batches', () => {
    const h = record(emptyHistory(), [change('1', 'a', 'same', 'same'), change('1', 'b', null, undefined)]);
    expect(canUndo(h)).toBe(false);
    expect(undo(h).writes).toEqual([]);
    expect(redo(h).writes).toEqual([]);
  });

  it('a new batch after undo clears redo', () => {
    let h = record(emptyHistory(), [change('1', 'a', 1, 2)]);
    h = undo(h).history;
    h = record(h, [change('1', 'a', 1, 3)]);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).writes).toEqual([{ rowId: '1', colId: 'a', value: 1 }]);
  });

  it('keeps at most limit batches, dropping the oldest', () => {
    let h = emptyHistory(2);
    for (let i = 0; i < 3; i++) h = record(h, [change('1', 'a', i, i + 1)]);
    expect(h.past).toHaveLength(2);
    h = undo(h).history;
    const last = undo(h);
    expect(last.writes).toEqual([{ rowId: '1', colId: 'a', value: 1 }]);
    expect(canUndo(last.history)).toBe(false);
  });
});

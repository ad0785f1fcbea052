import { describe, expect, it } from 'vitest';
import {
  cellRange,
  contains,
  extendBy,
  extendTo,
  isSingleCell,
  normalise,
  rectSize,
  selectAll,
  type GridShape,
} from '../../../src/web/components/data-grid/spreadsheet/range.ts';

const shape: GridShape = { colIds: ['a', 'b', 'c', 'd'], rowCount: 5 };

describe('spreadsheet range', () => {
  it('normalises anchor and focus in any direction to an inclusive rectangle', () => {
    const r = extendTo(cellRange({ row: 3, colId: 'c' }), { row: 1, colId: 'a' });
    expect(normalise(r, shape)).toEqual({ top: 1, bottom: 3, left: 0, right: 2 });
    expect(r.anchor).toEqual({ row: 3, colId: 'c' });
    expect(rectSize(normalise(r, shape)!)).toEqual({ rows: 3, cols: 3 });
  });

  it('follows the current column order and drops a range whose column is hidden', () => {
    const r = extendTo(cellRange({ row: 0, colId: 'a' }), { row: 0, colId: 'b' });
    expect(normalise(r, { colIds: ['b', 'x', 'a'], rowCount: 5 })).toEqual({
      top: 0,
      bottom: 0,
      left: 0,
      right: 2,
    });
    expect(normalise(r, { colIds: ['a', 'c'], rowCount: 5 })).toBeNull();
  });

  it('clamps rows to the grid after rows went away', () => {
    const r = extendTo(cellRange({ row: 1, colId: 'a' }), { row: 9, colId: 'a' });
    expect(normalise(r, shape)).toEqual({ top: 1, bottom: 4, left: 0, right: 0 });
    expect(normalise(r, { colIds: ['a'], rowCount: 0 })).toBeNull();
  });

  it('answers contains for cells inside, on the edge and outside', () => {
    const rect = { top: 1, bottom: 2, left: 1, right: 2 };
    expect(contains(rect, 1, 1)).toBe(true);
    expect(contains(rect, 2, 2)).toBe(true);
    expect(contains(rect, 0, 1)).toBe(false);
    expect(contains(rect, 1, 3)).toBe(false);
    expect(contains(null, 1, 1)).toBe(false);
  });

  it('extends the focus by Shift+arrows and stops at the edges', () => {
    let r = cellRange({ row: 0, colId: 'a' });
    r = extendBy(r, 'ArrowDown', shape);
    r = extendBy(r, 'ArrowRight', shape);
    expect(r).toEqual({ anchor: { row: 0, colId: 'a' }, focus: { row: 1, colId: 'b' } });
    r = extendBy(extendBy(r, 'ArrowUp', shape), 'ArrowUp', shape);
    expect(r.focus).toEqual({ row: 0, colId: 'b' });
    r = extendBy(extendBy(r, 'ArrowLeft', shape), 'ArrowLeft', shape);
    expect(r.focus).toEqual({ row: 0, colId: 'a' });
    expect(isSingleCell(r)).toBe(true);
  });

  it('jumps to the grid edge with Ctrl and to the row edge with Home/End', () => {
    const r = cellRange({ row: 2, colId: 'b' });
    expect(extendBy(r, 'ArrowDown', shape, true).focus).toEqual({ row: 4, colId: 'b' });
    expect(extendBy(r, 'ArrowRight', shape, true).focus).toEqual({ row: 2, colId: 'd' });
    expect(extendBy(r, 'End', shape).focus).toEqual({ row: 2, colId: 'd' });
    expect(extendBy(r, 'Home', shape).focus).toEqual({ row: 2, colId: 'a' });
    expect(extendBy(r, 'End', shape, true).focus).toEqual({ row: 4, colId: 'd' });
    expect(extendBy(r, 'Home', shape, true).focus).toEqual({ row: 0, colId: 'a' });
  });

  it('selects everything with Ctrl+A, nothing on an empty grid', () => {
    expect(normalise(selectAll(shape)!, shape)).toEqual({ top: 0, bottom: 4, left: 0, right: 3 });
    expect(selectAll({ colIds: ['a'], rowCount: 0 })).toBeNull();
  });
});

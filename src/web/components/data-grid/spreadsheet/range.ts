/**
 * The selected cell range of a grid, as a spreadsheet has it: an anchor cell (where the selection
 * started) and a focus cell (where it ends), over displayed row indexes and displayed column ids.
 * Columns are kept by id so that a range survives column moves; every question is asked against
 * the current column order.
 */

/** One cell: displayed row index and column id. */
export interface CellRef {
  row: number;
  colId: string;
}

/** Anchor (fixed end) and focus (moving end) of a selection. */
export interface CellRange {
  anchor: CellRef;
  focus: CellRef;
}

/** A normalised rectangle of displayed indexes, inclusive on every side. */
export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** What a range is measured against: the displayed column ids (in order) and the row count. */
export interface GridShape {
  colIds: readonly string[];
  rowCount: number;
}

/** Keys that move or extend a selection. */
export type RangeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/** A one-cell range. */
export const cellRange = (cell: CellRef): CellRange => ({ anchor: cell, focus: cell });

/** The range from the current anchor to `cell` (Shift+click, mouse drag). */
export const extendTo = (range: CellRange, cell: CellRef): CellRange => ({
  anchor: range.anchor,
  focus: cell,
});

/** The rectangle a range covers in the current column order; null when a column is no longer displayed. */
export function normalise(range: CellRange, shape: GridShape): Rect | null {
  const a = shape.colIds.indexOf(range.anchor.colId);
  const f = shape.colIds.indexOf(range.focus.colId);
  if (a < 0 || f < 0 || shape.rowCount === 0) return null;
  const clampRow = (r: number) => Math.min(Math.max(r, 0), shape.rowCount - 1);
  const r1 = clampRow(range.anchor.row);
  const r2 = clampRow(range.focus.row);
  return { top: Math.min(r1, r2), bottom: Math.max(r1, r2), left: Math.min(a, f), right: Math.max(a, f) };
}

/** Whether a displayed cell lies inside the rectangle. */
export const contains = (rect: Rect | null, row: number, colIndex: number): boolean =>
  rect !== null && row >= rect.top && row <= rect.bottom && colIndex >= rect.left && colIndex <= rect.right;

/** Rows and columns of a rectangle. */
export const rectSize = (rect: Rect): { rows: number; cols: number } => ({
  rows: rect.bottom - rect.top + 1,
  cols: rect.right - rect.left + 1,
});

/**
 * Move the focus one step (arrows) or to the row's edge (Home/End), staying inside the grid: what
 * Shift+arrow does in a spreadsheet. With `ctrl` the step runs to the edge of the grid.
 */
export function extendBy(range: CellRange, key: RangeKey, shape: GridShape, ctrl = false): CellRange {
  const col = shape.colIds.indexOf(range.focus.colId);
  if (col < 0 || shape.rowCount === 0) return range;
  const lastRow = shape.rowCount - 1;
  const lastCol = shape.colIds.length - 1;
  let { row } = range.focus;
  let c = col;
  switch (key) {
    case 'ArrowUp':
      row = ctrl ? 0 : row - 1;
      break;
    case 'ArrowDown':
      row = ctrl ? lastRow : row + 1;
      break;
    case 'ArrowLeft':
      c = ctrl ? 0 : c - 1;
      break;
    case 'ArrowRight':
      c = ctrl ? lastCol : c + 1;
      break;
    case 'Home':
      c = 0;
      if (ctrl) row = 0;
      break;
    case 'End':
      c = lastCol;
      if (ctrl) row = lastRow;
      break;
  }
  row = Math.min(Math.max(row, 0), lastRow);
  c = Math.min(Math.max(c, 0), lastCol);
  return { anchor: range.anchor, focus: { row, colId: shape.colIds[c]! } };
}

/** Every cell of the grid (Ctrl+A); null on an empty grid. */
export function selectAll(shape: GridShape): CellRange | null {
  if (shape.rowCount === 0 || shape.colIds.length === 0) return null;
  return {
    anchor: { row: 0, colId: shape.colIds[0]! },
    focus: { row: shape.rowCount - 1, colId: shape.colIds[shape.colIds.length - 1]! },
  };
}

/** Whether the range is one cell. */
export const isSingleCell = (range: CellRange): boolean =>
  range.anchor.row === range.focus.row && range.anchor.colId === range.focus.colId;

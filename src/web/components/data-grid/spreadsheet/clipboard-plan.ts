/**
 * Pure planning of clipboard operations over a rectangle: what a copy puts on the clipboard and
 * where a paste writes, which cells it skips (not editable) and what falls outside the grid (the
 * grid never grows rows or columns by itself: the caller reports the clipped part).
 */
import { parseTsv, pasteTargets, toTsv } from '../tsv.ts';
import { rectSize, type Rect } from './range.ts';

/** The TSV of a rectangle; `cell(row, colIndex)` gives the display text of one cell. */
export function copyText(rect: Rect, cell: (row: number, colIndex: number) => string): string {
  const matrix: string[][] = [];
  for (let r = rect.top; r <= rect.bottom; r++) {
    const line: string[] = [];
    for (let c = rect.left; c <= rect.right; c++) line.push(cell(r, c));
    matrix.push(line);
  }
  return toTsv(matrix);
}

/** One planned write of pasted text. */
export interface PasteWrite {
  row: number;
  colIndex: number;
  text: string;
}

/** The outcome of planning a paste. */
export interface PastePlan {
  writes: PasteWrite[];
  /** cells of the block that landed on non-editable cells */
  skipped: number;
  /** cells of the block that fell outside the grid (below the last row or right of the last column) */
  clipped: number;
}

/**
 * Where pasted text goes: from the top-left of the selection, filling the selection when the block
 * divides it evenly (Excel), clipped to the grid, skipping cells `canEdit` refuses.
 */
export function planPaste(
  text: string,
  rect: Rect,
  grid: { rows: number; cols: number },
  canEdit: (row: number, colIndex: number) => boolean,
): PastePlan {
  const block = parseTsv(text);
  const size = rectSize(rect);
  const selection = size.rows > 1 || size.cols > 1 ? size : undefined;
  const targets = pasteTargets(block, { row: rect.top, col: rect.left }, grid, selection);
  const h = block.length;
  const w = Math.max(0, ...block.map((r) => r.length));
  const wanted =
    (selection && selection.rows % h === 0 ? selection.rows : h) *
    (selection && selection.cols % w === 0 ? selection.cols : w);
  const writes: PasteWrite[] = [];
  let skipped = 0;
  for (const t of targets) {
    if (canEdit(t.row, t.col)) writes.push({ row: t.row, colIndex: t.col, text: t.value });
    else skipped++;
  }
  return { writes, skipped, clipped: h === 0 || w === 0 ? 0 : wanted - targets.length };
}

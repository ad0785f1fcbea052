/**
 * Tab-separated text as Excel puts on and reads from the clipboard: cells separated by tabs, rows
 * by CRLF or LF; a cell holding a tab, newline or quote is quoted with doubled quotes inside.
 */

/** Parse clipboard text into a rectangular-ish matrix of strings (a trailing newline adds no row). */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  let atCellStart = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      i++;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    cell += ch;
    atCellStart = false;
    i++;
  }
  if (cell !== '' || row.length > 0 || quoted) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const needsQuotes = (s: string) => /[\t\r\n"]/.test(s);

/** Serialise a matrix for the clipboard (CRLF rows, as Excel writes). */
export function toTsv(matrix: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return matrix
    .map((row) =>
      row
        .map((v) => {
          const s = v === null || v === undefined ? '' : String(v);
          return needsQuotes(s) ? `"${s.replace(/"/g, '""')}"` : s;
        })
        .join('\t'),
    )
    .join('\r\n');
}

/**
 * Where a pasted block lands: starting at (row, col), clipped to the grid, and repeated to fill a
 * larger selected range when the block divides it evenly (Excel's fill behaviour).
 */
export function pasteTargets(
  block: string[][],
  start: { row: number; col: number },
  grid: { rows: number; cols: number },
  selection?: { rows: number; cols: number },
): Array<{ row: number; col: number; value: string }> {
  const h = block.length;
  const w = Math.max(0, ...block.map((r) => r.length));
  if (h === 0 || w === 0) return [];
  const fillRows = selection && selection.rows % h === 0 ? selection.rows : h;
  const fillCols = selection && selection.cols % w === 0 ? selection.cols : w;
  const out: Array<{ row: number; col: number; value: string }> = [];
  for (let r = 0; r < fillRows && start.row + r < grid.rows; r++)
    for (let c = 0; c < fillCols && start.col + c < grid.cols; c++)
      out.push({ row: start.row + r, col: start.col + c, value: block[r % h]![c % w] ?? '' });
  return out;
}

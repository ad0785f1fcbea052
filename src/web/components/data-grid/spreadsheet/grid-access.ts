/**
 * The few AG Grid questions the spreadsheet asks: which columns and rows take part in a range,
 * reading display text and writing values through `rowNode.setDataValue` (so the grid's own
 * value setters, editors' listeners and validation hooks see every change).
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import type { GridShape } from './range.ts';
import type { CellChange } from './history.ts';

/** Event sources the spreadsheet writes with; its own change listener ignores them. */
export const SPREADSHEET_SOURCES = new Set(['paste', 'cut', 'cellClear', 'undo', 'redo']);

/** Columns that never join a range: AG Grid's own (selection checkboxes, row numbers) and `exclude`. */
export function rangeColumns(api: GridApi, exclude: ReadonlySet<string>): string[] {
  return api
    .getAllDisplayedColumns()
    .map((c) => c.getColId())
    .filter((id) => !id.startsWith('ag-Grid-') && !exclude.has(id));
}

/** The grid as the range model sees it. */
export const gridShape = (api: GridApi, exclude: ReadonlySet<string>): GridShape => ({
  colIds: rangeColumns(api, exclude),
  rowCount: api.getDisplayedRowCount(),
});

/** Clipboard text of a value: lists comma-joined (multi-selects, file lists), files by their path. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(valueText).join(',');
  if (typeof v === 'object') {
    const o = v as { path?: unknown; value?: unknown };
    return typeof o.path === 'string'
      ? o.path
      : o.value !== undefined
        ? valueText(o.value)
        : JSON.stringify(v);
  }
  return String(v);
}

/** The text a cell shows (its formatter applied), or `format` when the caller gives one. */
export function cellText(
  api: GridApi,
  node: IRowNode,
  colId: string,
  format?: (colId: string, value: unknown) => string,
): string {
  if (format) return format(colId, api.getCellValue({ rowNode: node, colKey: colId }));
  return valueText(api.getCellValue({ rowNode: node, colKey: colId, useFormatter: true }));
}

/** Whether a cell may be written: the grid's own `editable` unless the caller decides. */
export function isWritable(
  api: GridApi,
  node: IRowNode | undefined,
  colId: string,
  canEdit?: (node: IRowNode, colId: string) => boolean,
): boolean {
  if (!node?.data) return false;
  if (canEdit) return canEdit(node, colId);
  return api.getColumn(colId)?.isCellEditable(node) ?? false;
}

/** Write values through `setDataValue`; returns what really changed (old and new as the grid holds them). */
export function writeCells(
  api: GridApi,
  writes: ReadonlyArray<{ node: IRowNode; colId: string; value: unknown }>,
  source: string,
): CellChange[] {
  const changes: CellChange[] = [];
  for (const w of writes) {
    if (!w.node.id) continue;
    const oldValue = api.getCellValue({ rowNode: w.node, colKey: w.colId });
    w.node.setDataValue(w.colId, w.value, source);
    const newValue = api.getCellValue({ rowNode: w.node, colKey: w.colId });
    if (oldValue !== newValue) changes.push({ rowId: w.node.id, colId: w.colId, oldValue, newValue });
  }
  return changes;
}

/** Whether the keyboard is inside a text field (an open editor, a filter input): leave keys alone. */
export function inTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], .ag-cell-inline-editing'));
}

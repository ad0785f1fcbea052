/**
 * Mouse, keyboard and clipboard input of the spreadsheet. Listens in the capture phase on the
 * grid's root so that keys it handles (Shift+arrows, Ctrl+A, Delete, Ctrl+Z/Y) never reach AG Grid
 * (AG Grid skips events whose default was prevented); everything else stays AG Grid's.
 */
import type { CellFocusedEvent, GridApi } from 'ag-grid-community';
import {
  cellRange,
  extendBy,
  extendTo,
  selectAll,
  type CellRange,
  type CellRef,
  type RangeKey,
} from './range.ts';
import { inTextField } from './grid-access.ts';
import type { SpreadsheetController } from './spreadsheet-controller.ts';

const RANGE_KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Wire the input of one grid to its controller; returns the detach function. */
export function attachInput(sheet: SpreadsheetController, api: GridApi): () => void {
  const root = document.querySelector<HTMLElement>(`[grid-id="${api.getGridId()}"]`);
  let dragging = false;
  /** the cell of the last Shift+click: its focus event must not collapse the range */
  let shiftTarget: CellRef | null = null;
  let clipboardEventSeen = false;

  const ownsFocus = () => {
    const active = document.activeElement;
    return Boolean(root && active && root.contains(active) && !inTextField(active));
  };
  const editing = () => api.getEditingCells().length > 0;

  const cellAt = (target: EventTarget | null): CellRef | null => {
    const el = (target as HTMLElement | null)?.closest?.('.ag-cell[col-id]');
    const rowIndex = el?.closest('.ag-row')?.getAttribute('row-index');
    const colId = el?.getAttribute('col-id');
    if (!el || !colId || rowIndex == null || !/^\d+$/.test(rowIndex) || !sheet.hasColumn(colId)) return null;
    return { row: Number(rowIndex), colId };
  };

  const onMouseDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    const cell = cellAt(e.target);
    if (!cell) return;
    shiftTarget = null;
    if (e.shiftKey && sheet.range) {
      shiftTarget = cell;
      sheet.setRange(extendTo(sheet.range, cell));
      return;
    }
    dragging = true;
    sheet.setRange(cellRange(cell));
  };

  // Shift+click extends the range: keep it from AG Grid (single-click editing, row selection)
  const onClick = (e: MouseEvent) => {
    if (e.shiftKey && cellAt(e.target)) e.stopPropagation();
  };

  const onMouseOver = (e: MouseEvent) => {
    const range = sheet.range;
    if (!dragging || !range || (e.buttons & 1) === 0) return;
    const cell = cellAt(e.target);
    if (!cell || (cell.row === range.focus.row && cell.colId === range.focus.colId)) return;
    sheet.setRange(extendTo(range, cell));
  };

  // keyboard navigation (arrows, Tab, Enter) and plain clicks move the range to the focused cell
  const onCellFocused = (e: CellFocusedEvent) => {
    if (dragging) return;
    const colId = typeof e.column === 'string' ? e.column : e.column?.getColId();
    if (e.rowIndex === null || e.rowPinned || !colId) return;
    if (shiftTarget && shiftTarget.row === e.rowIndex && shiftTarget.colId === colId) {
      shiftTarget = null;
      return;
    }
    // focus arriving on the range's own anchor keeps the range: a click already collapsed it at
    // mousedown, and a late focus event of that click must not undo Shift+arrows typed since
    const r = sheet.range;
    if (r && r.anchor.row === e.rowIndex && r.anchor.colId === colId) return;
    sheet.setRange(cellRange({ row: e.rowIndex, colId }));
  };

  const focusedRange = (): CellRange | null => {
    const f = api.getFocusedCell();
    return f && !f.rowPinned ? cellRange({ row: f.rowIndex, colId: f.column.getColId() }) : null;
  };

  // the copy/cut/paste events normally do the work; where a browser sends none, use the async clipboard
  const clipboardFallback = (key: 'c' | 'x' | 'v') => {
    clipboardEventSeen = false;
    setTimeout(() => {
      if (clipboardEventSeen || !navigator.clipboard) return;
      if (key === 'v') {
        if (sheet.options.editable)
          void navigator.clipboard.readText().then(
            (t) => sheet.paste(t),
            () => undefined,
          );
        return;
      }
      const text = sheet.copy();
      if (text === null) return;
      void navigator.clipboard.writeText(text).then(
        () => (key === 'x' ? sheet.clear('cut') : undefined),
        () => undefined,
      );
    }, 0);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.isComposing || inTextField(e.target) || editing()) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const stop = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (e.shiftKey && RANGE_KEYS.has(key)) {
      const start = sheet.range ?? focusedRange();
      if (!start) return;
      stop();
      const next = extendBy(start, key as RangeKey, sheet.shape(), mod);
      sheet.setRange(next);
      api.ensureIndexVisible(next.focus.row);
      api.ensureColumnVisible(next.focus.colId);
      return;
    }
    if (mod && key === 'a') {
      stop();
      sheet.setRange(selectAll(sheet.shape()));
      return;
    }
    if (mod && (key === 'c' || key === 'x' || key === 'v')) {
      clipboardFallback(key);
      return;
    }
    if (!sheet.options.editable) return;
    if (key === 'Delete' && !mod) {
      stop();
      sheet.clear();
    } else if (mod && ((key === 'z' && e.shiftKey) || key === 'y')) {
      stop();
      // after the grid's queued value-changed events (an edit committed just before is recorded first)
      setTimeout(() => sheet.redo(), 0);
    } else if (mod && key === 'z') {
      stop();
      setTimeout(() => sheet.undo(), 0);
    }
  };

  const onClipboard = (e: ClipboardEvent) => {
    if (!ownsFocus() || editing()) return;
    clipboardEventSeen = true;
    if (e.type === 'paste') {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (text) sheet.paste(text);
      return;
    }
    const text = sheet.copy();
    if (text === null || !e.clipboardData) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
    if (e.type === 'cut') sheet.clear('cut');
  };

  // Chrome enables copy/cut/paste without a text selection only when the before* event is cancelled
  const enableClipboard = (e: Event) => {
    if (ownsFocus()) e.preventDefault();
  };
  const onMouseUp = () => {
    dragging = false;
  };

  const offs: Array<() => void> = [];
  const on = (target: EventTarget, type: string, fn: (e: never) => void, capture = false) => {
    target.addEventListener(type, fn as EventListener, capture);
    offs.push(() => target.removeEventListener(type, fn as EventListener, capture));
  };
  if (root) {
    on(root, 'mousedown', onMouseDown, true);
    on(root, 'mouseover', onMouseOver, true);
    on(root, 'click', onClick, true);
    on(root, 'keydown', onKeyDown, true);
  }
  on(document, 'mouseup', onMouseUp);
  for (const type of ['beforecopy', 'beforecut', 'beforepaste']) on(document, type, enableClipboard);
  for (const type of ['copy', 'cut', 'paste']) on(document, type, onClipboard);
  api.addEventListener('cellFocused', onCellFocused);
  return () => {
    offs.forEach((off) => off());
    if (!api.isDestroyed()) api.removeEventListener('cellFocused', onCellFocused);
  };
}

/**
 * Spreadsheet behaviour attached to one AG Grid instance (what Enterprise calls cell selection and
 * clipboard, built on Community): range selection by Shift+click, mouse drag, Shift+arrows and
 * Ctrl+A; copy / cut / paste of the range as Excel-compatible TSV; Delete clears the editable
 * cells of the range; Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z undo and redo pasted and edited values.
 * Arrows, Enter/F2 (edit), Esc (cancel) and Tab stay AG Grid's own.
 */
import type { CellValueChangedEvent, GridApi, IRowNode } from 'ag-grid-community';
import { notify } from '../../../lib/notify.ts';
import { attachInput } from './spreadsheet-input.ts';
import { cellRange, contains, isSingleCell, normalise, type CellRange, type Rect } from './range.ts';
import { emptyHistory, record, redo, sameValue, undo, type CellChange, type History } from './history.ts';
import { copyText, planPaste } from './clipboard-plan.ts';
import { cellText, gridShape, isWritable, SPREADSHEET_SOURCES, writeCells } from './grid-access.ts';

/** What a grid tells the spreadsheet. */
export interface SpreadsheetOptions {
  /** false for read-only grids (list pages): range selection and copy only */
  editable: boolean;
  /** whether one cell may be written; default: the column's own `editable` */
  canEdit?(rowNode: IRowNode, colId: string): boolean;
  /** pasted text → cell value; default: the text itself */
  parse?(colId: string, text: string): unknown;
  /** cell value → copied text; default: the text the cell shows (its valueFormatter) */
  format?(colId: string, value: unknown): string;
  /** every batch the spreadsheet wrote (paste, cut, Delete, undo, redo) after it was applied */
  onChange?(changes: CellChange[]): void;
  /** column ids that never join a range (e.g. the row actions column) */
  excludeColumns?: readonly string[];
}

/** Messages of clipboard operations that could not place everything. */
export const SPREADSHEET_MSG = {
  clipped: (n: number) => `粘贴区域超出表格范围，${n} 个单元格未粘贴`,
  skipped: (n: number) => `${n} 个单元格不可编辑，已跳过`,
} as const;

/** CSS class of the cells inside a multi-cell range. */
export const RANGE_CLASS = 'ss-range';

/** The spreadsheet of one grid; `attach` returns the detach function. */
export class SpreadsheetController {
  range: CellRange | null = null;
  private history: History = emptyHistory();
  private rect: Rect | null = null;
  private colIndex = new Map<string, number>();
  private listeners = new Set<() => void>();
  /** pending value-changed events of our own writes, by row and column */
  /** values this controller wrote, by cell, whose value-changed events are still to come */
  private echoes = new Map<string, unknown[]>();

  constructor(
    readonly api: GridApi,
    public options: SpreadsheetOptions,
  ) {}

  /** Whether a column takes part in ranges. */
  hasColumn(colId: string): boolean {
    return this.colIndex.has(colId);
  }

  /** Whether a displayed cell is inside a multi-cell range (the highlight rule). */
  inRange(rowIndex: number, colId: string): boolean {
    const ci = this.colIndex.get(colId);
    return (
      ci !== undefined &&
      this.range !== null &&
      !isSingleCell(this.range) &&
      contains(this.rect, rowIndex, ci)
    );
  }

  /** Subscribe to range and history changes. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Start listening to the grid (and to the document's clipboard events); returns the detach function. */
  attach(): () => void {
    const { api } = this;
    const detachInput = attachInput(this, api);
    const onValue = (e: CellValueChangedEvent) => this.onValueChanged(e);
    const onLayout = () => this.refresh();
    api.addEventListener('cellValueChanged', onValue);
    api.addEventListener('displayedColumnsChanged', onLayout);
    api.addEventListener('modelUpdated', onLayout);
    this.refresh();
    return () => {
      detachInput();
      if (api.isDestroyed()) return;
      api.removeEventListener('cellValueChanged', onValue);
      api.removeEventListener('displayedColumnsChanged', onLayout);
      api.removeEventListener('modelUpdated', onLayout);
    };
  }

  /** Select a range (or clear it with null) and repaint. */
  setRange(range: CellRange | null): void {
    this.range = range;
    this.refresh();
  }

  /** The TSV of the range (or of the focused cell), or null with nothing selected. */
  copy(): string | null {
    const rect = this.currentRect();
    if (!rect) return null;
    const shape = this.shape();
    return copyText(rect, (row, c) => {
      const node = this.api.getDisplayedRowAtIndex(row);
      return node ? cellText(this.api, node, shape.colIds[c]!, this.options.format) : '';
    });
  }

  /** Paste TSV at the range; returns what was written. Reports cells skipped or outside the grid. */
  paste(text: string): CellChange[] {
    const rect = this.currentRect();
    if (!rect || !this.options.editable) return [];
    const shape = this.shape();
    const plan = planPaste(text, rect, { rows: shape.rowCount, cols: shape.colIds.length }, (row, c) =>
      isWritable(this.api, this.api.getDisplayedRowAtIndex(row), shape.colIds[c]!, this.options.canEdit),
    );
    const parse = this.options.parse ?? ((_: string, t: string) => t);
    const changes = this.apply(
      plan.writes.map((w) => {
        const colId = shape.colIds[w.colIndex]!;
        return { node: this.api.getDisplayedRowAtIndex(w.row)!, colId, value: parse(colId, w.text) };
      }),
      'paste',
    );
    if (plan.clipped > 0) notify('warning', SPREADSHEET_MSG.clipped(plan.clipped));
    if (plan.skipped > 0) notify('warning', SPREADSHEET_MSG.skipped(plan.skipped));
    return changes;
  }

  /** Clear the editable cells of the range (Delete, and the second half of cut). */
  clear(source = 'cellClear'): CellChange[] {
    const rect = this.currentRect();
    if (!rect || !this.options.editable) return [];
    const shape = this.shape();
    const parse = this.options.parse ?? ((_: string, t: string) => t);
    const writes = [];
    for (let row = rect.top; row <= rect.bottom; row++)
      for (let c = rect.left; c <= rect.right; c++) {
        const node = this.api.getDisplayedRowAtIndex(row);
        const colId = shape.colIds[c]!;
        if (node && isWritable(this.api, node, colId, this.options.canEdit))
          writes.push({ node, colId, value: parse(colId, '') });
      }
    return this.apply(writes, source);
  }

  /** Undo the latest batch; returns the restored changes. */
  undo(): CellChange[] {
    const step = undo(this.history);
    this.history = step.history;
    return this.replay(step.writes, 'undo');
  }

  /** Redo the latest undone batch. */
  redo(): CellChange[] {
    const step = redo(this.history);
    this.history = step.history;
    return this.replay(step.writes, 'redo');
  }

  /** Whether undo / redo would change anything. */
  get canUndo(): boolean {
    return this.history.past.length > 0;
  }
  get canRedo(): boolean {
    return this.history.future.length > 0;
  }

  private replay(writes: ReadonlyArray<{ rowId: string; colId: string; value: unknown }>, source: string) {
    const resolved = writes.flatMap((w) => {
      const node = this.api.getRowNode(w.rowId);
      return node ? [{ node, colId: w.colId, value: w.value }] : [];
    });
    const changes = this.write(resolved, source);
    if (changes.length) this.options.onChange?.(changes);
    this.emit();
    return changes;
  }

  private apply(writes: Array<{ node: IRowNode; colId: string; value: unknown }>, source: string) {
    const changes = this.write(writes, source);
    this.history = record(this.history, changes);
    if (changes.length) this.options.onChange?.(changes);
    this.emit();
    return changes;
  }

  /** The grid as the range model sees it now. */
  shape() {
    return gridShape(this.api, new Set(this.options.excludeColumns ?? ['actions']));
  }

  private currentRect(): Rect | null {
    if (this.range) return normalise(this.range, this.shape());
    const focused = this.api.getFocusedCell();
    if (!focused || focused.rowPinned) return null;
    return normalise(cellRange({ row: focused.rowIndex, colId: focused.column.getColId() }), this.shape());
  }

  private refresh() {
    // a layout event AG Grid queued (its async queue) may fire after the grid was destroyed (a
    // dialog closed at once: Escape twice); a destroyed grid's API answers undefined
    if (this.api.isDestroyed()) return;
    const shape = this.shape();
    this.colIndex = new Map(shape.colIds.map((id, i) => [id, i]));
    this.rect = this.range ? normalise(this.range, shape) : null;
    this.api.refreshCells();
    this.emit();
  }

  private emit() {
    this.listeners.forEach((fn) => fn());
  }

  /**
   * Write cells, remembering which value-changed events are our own echo. AG Grid delivers
   * `api.addEventListener` events later (its async queue), possibly under another source (a clear
   * arrives as 'edit') and after a user's edit of the same cell: an echo is matched by cell and
   * value, so that a user edit reported in between is never taken for one.
   */
  private write(writes: ReadonlyArray<{ node: IRowNode; colId: string; value: unknown }>, source: string) {
    const changes = writeCells(this.api, writes, source);
    for (const c of changes) {
      const key = `${c.rowId}\u0000${c.colId}`;
      this.echoes.set(key, [...(this.echoes.get(key) ?? []), c.newValue]);
    }
    return changes;
  }

  private consumeEcho(key: string, value: unknown): boolean {
    const pending = this.echoes.get(key);
    const at = pending?.findIndex((v) => sameValue(v, value)) ?? -1;
    if (!pending || at < 0) return false;
    if (pending.length === 1) this.echoes.delete(key);
    else
      this.echoes.set(
        key,
        pending.filter((_, i) => i !== at),
      );
    return true;
  }

  private onValueChanged(e: CellValueChangedEvent) {
    if (!e.node.id) return;
    if (this.consumeEcho(`${e.node.id}\u0000${e.column.getColId()}`, e.newValue)) return;
    if (e.source && SPREADSHEET_SOURCES.has(e.source)) return;
    this.history = record(this.history, [
      { rowId: e.node.id, colId: e.column.getColId(), oldValue: e.oldValue, newValue: e.newValue },
    ]);
    this.emit();
  }
}

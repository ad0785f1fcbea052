import { useMemo, useRef, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { GridApi } from 'ag-grid-community';
import { INSERT_TOO_FAST, insertThrottle } from '../../../../shared/grid-rules.ts';
import { MSG } from '../../../../shared/api.ts';
import { notify } from '../../../lib/notify.ts';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { loadAddRowSettings } from './add-row-settings.ts';
import { GRID, canonicalType } from './column-defaults.ts';
import type { TipTarget } from './cell-tooltip.tsx';
import { GridValidationError, type GridErrors } from './grid-errors.ts';
import type { GridToolbarActions } from './grid-toolbar.tsx';
import {
  DEFAULT_SORT_KEY,
  addIndexOf,
  addRowsAt,
  insertBelow as insertBelowAt,
  moveRows,
  removeRows,
  reorder,
  rowIdList,
  writeOrder,
} from './row-ops.ts';
import { loadRow, newRow, readId, readRow } from './row-values.ts';
import { validateTable } from './table-validation.ts';
import type { CellError, EditableColumn, GridChange, GridRow, GridValues } from './types.ts';

/** The imperative handle of the editable grid. */
export interface EditableGridHandle {
  /** validate every cell, then resolve values (read out) and deleteIds; rejects with GridValidationError */
  getValues(): Promise<GridValues>;
  /** add `n` new rows at the bottom, or at `index`; returns their grid ids */
  addRows(n?: number, opts?: { index?: number; values?: GridRow }): string[];
  /** insert `n` new rows below a row (default: the focused or last selected row) */
  insertBelow(n?: number, rowId?: string): string[];
  /** remove the selected rows without asking; resolves how many were removed */
  removeSelected(): Promise<number>;
  /** remove rows by grid id (one id or a list; anything else throws TypeError); returns how many */
  removeRows(ids: string | readonly string[]): number;
  /** move the selected rows up (−1) or down (+1) */
  moveSelected(delta: -1 | 1): void;
  /** validate every cell; resolves with the failing cells (tooltip on the first) */
  validate(): Promise<CellError[]>;
  /** apply a row from outside (realtime), with the 1400 ms reload effect */
  setRow(row: GridRow): void;
  /** grid ids of the selected rows */
  getSelectedIds(): string[];
  /** the AG Grid api (the spreadsheet module attaches to it) */
  getApi(): GridApi<GridRow> | null;
}

interface OpsInput {
  api: GridApi<GridRow> | null;
  columns: EditableColumn[];
  rowKey: string;
  sortKey?: string;
  prefix?: string;
  rowsRef: MutableRefObject<GridRow[]>;
  setRows(rows: GridRow[]): void;
  errors: GridErrors;
  setTip: Dispatch<SetStateAction<TipTarget | null>>;
  onRemove?(rows: GridRow[]): void;
  onChange(change: GridChange): void;
}

const NONE_SELECTED = MSG.nothingSelected;

/** Row operations of spec §4–5 behind the handle and the toolbar. */
export function useGridOps(input: OpsInput) {
  const ref = useRef(input);
  ref.current = input;
  const deleteIds = useRef<string[]>([]);
  const throttle = useRef(insertThrottle()).current;

  return useMemo(() => {
    const cur = () => ref.current;
    const idOf = (r: GridRow) => String(r[cur().rowKey]);
    const hasDrag = () => cur().columns.some((c) => canonicalType(c.type) === 'rowDragSort');
    const sortKey = () => cur().sortKey ?? DEFAULT_SORT_KEY;
    const make = (n: number, values?: GridRow) =>
      Array.from({ length: Math.max(1, n) }, () =>
        newRow(cur().columns, { rowKey: cur().rowKey, prefix: cur().prefix, values }),
      );
    const selected = () =>
      cur()
        .api?.getSelectedNodes()
        .map((n) => n.id!) ?? [];
    /** Remove rows by grid id; saved ones go to deleteIds and the remove event (spec §4). */
    const remove = (ids: readonly string[]): number => {
      if (!ids.length) return 0;
      const { rowsRef, rowKey, columns, prefix, errors } = cur();
      const out = removeRows(rowsRef.current, ids, rowKey);
      deleteIds.current.push(...out.removedSaved.map((r) => readId(idOf(r), prefix)));
      errors.dropRows(ids);
      cur().setTip(null);
      cur().setRows(out.rows);
      if (out.removedSaved.length)
        cur().onRemove?.(out.removedSaved.map((r) => readRow(columns, r, { rowKey, prefix })));
      cur().onChange({ type: 'remove' });
      return out.removed.length;
    };
    const reveal = (id: string) => {
      requestAnimationFrame(() => {
        const node = cur().api?.getRowNode(id);
        if (node) cur().api?.ensureNodeVisible(node);
      });
    };

    const validate = async (): Promise<CellError[]> => {
      const { rowsRef, columns, rowKey, errors, api, setTip } = cur();
      const list = await validateTable(rowsRef.current, columns, rowKey);
      errors.replace(list);
      api?.refreshCells({ force: false });
      const first = list[0];
      setTip(first ?? null);
      if (first) {
        const node = api?.getRowNode(first.rowId);
        if (node) api?.ensureNodeVisible(node);
        api?.ensureColumnVisible(first.key);
      }
      return list;
    };

    const handle: EditableGridHandle = {
      async getValues() {
        const list = await validate();
        if (list.length) throw new GridValidationError(list);
        const { rowsRef, columns, rowKey, prefix } = cur();
        const ordered = hasDrag() ? writeOrder(rowsRef.current, sortKey()) : rowsRef.current;
        return {
          values: ordered.map((r) => readRow(columns, r, { rowKey, prefix })),
          deleteIds: [...deleteIds.current],
        };
      },
      addRows(n = 1, opts = {}) {
        const added = make(n, opts.values);
        cur().setRows(addRowsAt(cur().rowsRef.current, added, opts.index));
        cur().onChange({ type: 'add' });
        return added.map(idOf);
      },
      insertBelow(n = 1, rowId) {
        const api = cur().api;
        const focused = api?.getFocusedCell();
        const target =
          rowId ??
          selected().at(-1) ??
          (focused ? api?.getDisplayedRowAtIndex(focused.rowIndex)?.id : undefined);
        const rows = cur().rowsRef.current;
        const index = rows.findIndex((r) => idOf(r) === target);
        if (index < 0) return [];
        const added = make(n);
        cur().setRows(insertBelowAt(rows, index, added));
        cur().onChange({ type: 'insert', rowId: target });
        return added.map(idOf);
      },
      async removeSelected() {
        return remove(selected());
      },
      removeRows(arg) {
        return remove(rowIdList(arg));
      },
      moveSelected(delta) {
        const ids = selected();
        if (!ids.length) return;
        cur().setRows(moveRows(cur().rowsRef.current, ids, delta, cur().rowKey));
        cur().onChange({ type: 'move' });
      },
      validate,
      setRow(row) {
        const { columns, rowKey, prefix, rowsRef } = cur();
        const loaded = loadRow(columns, row, { rowKey, prefix });
        const id = idOf(loaded);
        const rows = rowsRef.current;
        const at = rows.findIndex((r) => idOf(r) === id);
        cur().setRows(at < 0 ? [...rows, loaded] : rows.map((r, i) => (i === at ? { ...r, ...loaded } : r)));
        cur().onChange({ type: 'reload', rowId: id });
        requestAnimationFrame(() => {
          const node = cur().api?.getRowNode(id);
          if (node)
            cur().api?.flashCells({ rowNodes: [node], flashDuration: GRID.reloadEffectMs, fadeDuration: 0 });
        });
      },
      getSelectedIds: selected,
      getApi: () => cur().api,
    };

    const throttled = (fn: () => void) => () => {
      const warning = throttle();
      if (warning) {
        notify('warning', INSERT_TOO_FAST);
        return;
      }
      fn();
    };

    const actions: GridToolbarActions = {
      add: throttled(() => {
        const settings = loadAddRowSettings(typeof localStorage === 'undefined' ? undefined : localStorage);
        const { count, index } = addIndexOf(settings);
        const ids = handle.addRows(count, { index });
        if (settings.scroll && ids[0]) reveal(ids[0]);
      }),
      insert: throttled(() => {
        if (!handle.insertBelow(1).length) notify('warning', NONE_SELECTED);
      }),
      remove: () => {
        const n = selected().length;
        if (!n) return notify('warning', NONE_SELECTED);
        void confirmDialog('确认删除', `确定要删除这 ${n} 项吗?`).then((ok) => {
          if (ok) void handle.removeSelected();
        });
      },
      moveUp: () => (selected().length ? handle.moveSelected(-1) : notify('warning', NONE_SELECTED)),
      moveDown: () => (selected().length ? handle.moveSelected(1) : notify('warning', NONE_SELECTED)),
    };

    const onDragEnd = () => {
      const ids: string[] = [];
      cur().api?.forEachNodeAfterFilterAndSort((n) => {
        if (n.id) ids.push(n.id);
      });
      cur().setRows(writeOrder(reorder(cur().rowsRef.current, ids, cur().rowKey), sortKey()));
      cur().onChange({ type: 'drag' });
    };

    return { handle, actions, onDragEnd };
  }, [throttle]);
}

import { useMemo, useRef, type ReactNode } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  type CellKeyDownEvent,
  type ColDef,
  type SelectionChangedEvent,
  type SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { TREE_GRID_MODULES, registerGridModules } from '../grid-modules.ts';
import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import { treeKeyAction } from './tree-keys.ts';
import { LOADING_TEXT, type TreeRecord, type TreeRow } from './tree-rows.ts';
import { useTreeRows, type TreeRowsApi, type TreeSource } from './use-tree-rows.ts';

registerGridModules(TREE_GRID_MODULES);

/** Shown when the roots came back empty. */
export const TREE_NO_DATA = '没有查询到任何数据';
/** Indent of one tree level, px. */
export const TREE_INDENT = 20;
const TREE_COL = 'tree';

/** A column of a tree table; the first one carries the indent and the expand toggle. */
export interface TreeColumn<T> {
  field: string;
  title: string;
  width?: number;
  render?(record: T): ReactNode;
}

/** Props of {@link TreeGrid}. */
export interface TreeGridProps<T extends TreeRecord> extends TreeSource {
  columns: Array<TreeColumn<T>>;
  /** accessible name of the grid */
  label?: string;
  height?: number;
  /**
   * a key the tree does not use, pressed on a row (e.g. Shift+F10 for the row's actions); true when
   * handled (the key's default is then prevented)
   */
  onRowKeyDown?(record: T, event: KeyboardEvent, cell: Element): boolean;
  /** given: rows can be ticked (a checkbox each), and this hears the ticked records */
  onSelect?(records: T[]): void;
}

const cellText = (record: TreeRecord, field: string): string => {
  const v = record[field];
  return v === null || v === undefined ? '' : String(v);
};

const rowText = (row: TreeRow<TreeRecord> | undefined, field: string): string =>
  !row ? '' : row.kind === 'loading' ? LOADING_TEXT : cellText(row.record, field);

function TreeCell<T extends TreeRecord>({
  row,
  column,
  tree,
}: {
  row: TreeRow<T>;
  column: TreeColumn<T>;
  tree: TreeRowsApi<T>;
}) {
  const pad = { paddingLeft: row.depth * TREE_INDENT };
  if (row.kind === 'loading')
    return (
      <span style={pad} className="inline-flex items-center gap-1 pl-5 text-gray-600" data-tree-loading="">
        {LOADING_TEXT}
      </span>
    );
  return (
    <span style={pad} className="inline-flex items-center gap-1">
      {row.expandable ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label={row.expanded ? '收起' : '展开'}
          aria-expanded={row.expanded}
          className="inline-flex h-4 w-4 items-center justify-center rounded border border-gray-300 text-xs leading-none text-gray-600 hover:border-[var(--primary)]"
          onClick={(e) => {
            e.stopPropagation();
            tree.toggle(row.id);
          }}
        >
          {row.expanded ? '−' : '+'}
        </button>
      ) : (
        <span className="inline-block w-4" aria-hidden="true" />
      )}
      <span>{column.render ? column.render(row.record) : cellText(row.record, column.field)}</span>
    </span>
  );
}

/**
 * A lazy tree table on AG Grid Community (spec §3–4, §7–8): rows are loaded one level at a time
 * and flattened with their depth. Keyboard in the first column: → expands, ← collapses or goes to
 * the parent, Enter toggles (any column).
 */
export function TreeGrid<T extends TreeRecord>({
  columns,
  label,
  height = 520,
  onRowKeyDown,
  onSelect,
  ...source
}: TreeGridProps<T>) {
  const tree = useTreeRows<T>(source);
  const treeRef = useRef(tree);
  treeRef.current = tree;

  const columnDefs = useMemo<Array<ColDef<TreeRow<T>>>>(() => {
    const keyAction = (p: { event: KeyboardEvent; node: { rowIndex: number | null }; colId: string }) => {
      if (p.colId !== TREE_COL && p.event.key !== 'Enter') return null;
      return treeKeyAction(treeRef.current.rows, p.node.rowIndex ?? -1, p.event.key);
    };
    return columns.map((c, i) => ({
      colId: i === 0 ? TREE_COL : c.field,
      headerName: c.title,
      sortable: false,
      ...(c.width ? { width: c.width } : { flex: 1, minWidth: 120 }),
      // the tree cell's value is its row, so that a change of depth or state redraws it
      ...(i === 0
        ? {
            valueGetter: (p) => p.data,
            valueFormatter: (p) => rowText(p.value, c.field),
            cellDataType: false,
          }
        : { valueGetter: (p) => (p.data?.kind === 'node' ? cellText(p.data.record, c.field) : '') }),
      suppressKeyboardEvent: (p: SuppressKeyboardEventParams<TreeRow<T>>) =>
        p.event.type === 'keydown' &&
        keyAction({ event: p.event, node: p.node, colId: p.column.getColId() }) !== null,
      cellRenderer:
        i === 0
          ? (p: { data?: TreeRow<T> }) =>
              p.data ? <TreeCell row={p.data} column={c} tree={treeRef.current} /> : null
          : c.render
            ? (p: { data?: TreeRow<T> }) => (p.data?.kind === 'node' ? c.render!(p.data.record) : null)
            : undefined,
    }));
  }, [columns]);

  const onCellKeyDown = (e: CellKeyDownEvent<TreeRow<T>>) => {
    const event = e.event as KeyboardEvent | null;
    if (!event || e.rowIndex === null) return;
    const row = treeRef.current.rows[e.rowIndex];
    const cell = (event.target as HTMLElement).closest('.ag-cell') ?? (event.target as HTMLElement);
    if (row?.kind === 'node' && onRowKeyDown?.(row.record, event, cell)) {
      event.preventDefault();
      return;
    }
    if (e.column.getColId() !== TREE_COL && event.key !== 'Enter') return;
    const action = treeKeyAction(treeRef.current.rows, e.rowIndex, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'focus') {
      const index = treeRef.current.rows.findIndex((r) => r.id === action.id);
      if (index >= 0) {
        e.api.ensureIndexVisible(index);
        e.api.setFocusedCell(index, TREE_COL);
      }
    } else treeRef.current[action.type](action.id);
  };

  return (
    <div className="space-y-2">
      {tree.error && (
        <p role="alert" className="text-sm text-amber-600">
          {tree.error}
        </p>
      )}
      <div style={{ height }} role="region" aria-label={label} aria-busy={tree.loading}>
        <AgGridReact<TreeRow<T>>
          rowData={tree.rows}
          columnDefs={columnDefs}
          getRowId={(p) => p.data.id}
          localeText={AG_GRID_LOCALE_CN}
          overlayNoRowsTemplate={TREE_NO_DATA}
          loading={tree.loading}
          onCellKeyDown={onCellKeyDown}
          getRowClass={(p) => (p.data?.kind === 'loading' ? 'tree-loading-row' : undefined)}
          {...(onSelect
            ? {
                rowSelection: {
                  mode: 'multiRow' as const,
                  checkboxes: true,
                  headerCheckbox: false,
                  isRowSelectable: (n: { data?: TreeRow<T> }) => n.data?.kind === 'node',
                },
                onSelectionChanged: (e: SelectionChangedEvent<TreeRow<T>>) =>
                  onSelect(e.api.getSelectedRows().flatMap((r) => (r.kind === 'node' ? [r.record] : []))),
              }
            : {})}
        />
      </div>
    </div>
  );
}

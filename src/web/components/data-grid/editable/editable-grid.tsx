import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import { type CellFocusedEvent, type GridApi, type IRowNode } from 'ag-grid-community';
import { EDITABLE_GRID_MODULES, registerGridModules } from '../grid-modules.ts';
import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import './editable-grid.css';
import { useSession } from '../../../lib/session.ts';
import { optionsOf } from '../cells/cell-options.ts';
import type { EditableCellContext } from '../cells/grid-context.ts';
import { GRID, canonicalType, selectionColumnWidth, withFieldExtend } from './column-defaults.ts';
import { SEQUENCE_COLUMN, toColDefs } from './col-defs.tsx';
import { CellTooltip, type TipTarget } from './cell-tooltip.tsx';
import { GridToolbar } from './grid-toolbar.tsx';
import { GridErrors } from './grid-errors.ts';
import { isRowDisabled } from './row-ops.ts';
import { loadCell, loadRow } from './row-values.ts';
import { useSpreadsheet } from '../spreadsheet/use-spreadsheet.ts';
import { validateGridCell } from './table-validation.ts';
import { useGridOps, type EditableGridHandle } from './use-grid-ops.ts';
import { useGridWidgets } from './use-grid-widgets.ts';
import { useGridSocket } from './use-grid-socket.ts';
import { storedAuth } from '../list/column-auth.ts';
import { visibleToolbarButtons } from './toolbar-auth.ts';
import { statisticsRows } from './statistics.ts';
import { GridPopup, applyPopupValues, type PopupTarget } from './grid-popup.tsx';
import { popupConfigError } from '../cells/cell-options.ts';
import type { DisabledRows, EditableColumn, GridChange, GridRow } from './types.ts';

registerGridModules(EDITABLE_GRID_MODULES);

/** Props of the editable grid (JVxeTable of spec §3–5). */
export interface EditableGridProps {
  columns: EditableColumn[];
  /** saved rows (ids are prefixed on load and stripped on read) */
  rows?: GridRow[];
  rowKey?: string;
  /** key drag sort writes the 1-based order into (default orderNum) */
  sortKey?: string;
  disabledRows?: DisabledRows;
  /** cells always look editable; a click edits either way */
  alwaysEdit?: boolean;
  maxHeight?: number;
  rowHeight?: number;
  /** toolbar label, e.g. 技师排班 → "技师排班操作" */
  title?: string;
  /** show the toolbar (default true) */
  toolbar?: boolean;
  /** register the toolbar actions as widgets for commands (default true) */
  widgets?: boolean;
  /** grid id prefix (default row_) */
  prefix?: string;
  /** saved rows removed (read out): new rows never reach here */
  onRemove?(rows: GridRow[]): void;
  onChange?(change: GridChange): void;
  /** realtime key (`/vxeSocket`): rows saved elsewhere under it update the rows shown */
  socketKey?: string;
  /**
   * auth prefix of the toolbar (spec §6): `authPre:add` hides 新增, `authPre:batch_delete` hides
   * 删除, when the system defines the code and the user lacks it; hidden buttons register no widget
   */
  authPre?: string;
}

export type { EditableGridHandle } from './use-grid-ops.ts';

/** The editable grid: spec §3 column types, §4 row operations, §5 cell validation, on AG Grid. */
export const EditableGrid = forwardRef<EditableGridHandle, EditableGridProps>(
  function EditableGrid(props, ref) {
    const { rowKey = 'id', disabledRows, alwaysEdit = false } = props;
    const columns = useMemo(() => props.columns.map(withFieldExtend), [props.columns]);
    const rowHeight = props.rowHeight ?? GRID.rowHeight;
    const maxHeight = props.maxHeight ?? GRID.maxHeight;
    const { dicts } = useSession();
    const wrapper = useRef<HTMLDivElement>(null);
    const [api, setApi] = useState<GridApi<GridRow> | null>(null);
    const [rows, setRowsState] = useState<GridRow[]>([]);
    const rowsRef = useRef<GridRow[]>(rows);
    const errors = useRef(new GridErrors()).current;
    const [tip, setTip] = useState<TipTarget | null>(null);
    const [tick, setTick] = useState(0);
    const labels = useRef(new Map<string, Map<string, string>>()).current;
    const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
    const onChangeRef = useRef(props.onChange);
    onChangeRef.current = props.onChange;
    const [popup, setPopup] = useState<PopupTarget | null>(null);
    // bumped on every committed edit: the statistics rows are drawn again
    const [version, setVersion] = useState(0);
    const visible = useMemo(() => {
      const { auth, allAuth } = storedAuth();
      return visibleToolbarButtons(props.authPre, auth, allAuth);
    }, [props.authPre]);

    const setRows = useCallback((next: GridRow[]) => {
      rowsRef.current = next;
      setRowsState(next);
    }, []);

    const cellDisabled = useCallback(
      (node: IRowNode<GridRow>, key: string) =>
        Boolean(byKey.get(key)?.disabled) || Boolean(node.data && isRowDisabled(node.data, disabledRows)),
      [byKey, disabledRows],
    );

    /** Check one cell and show / clear its tooltip (input, change, blur). */
    const checkCell = useCallback(
      async (rowId: string, key: string, value?: unknown, show = true) => {
        const column = byKey.get(key);
        const row = rowsRef.current.find((r) => String(r[rowKey]) === rowId);
        if (!column || !row) return null;
        const ticket = errors.begin(rowId, key);
        const message = await validateGridCell(
          rowsRef.current,
          row,
          column,
          value === undefined ? row[key] : value,
        );
        if (!errors.settle(rowId, key, ticket, message)) return null;
        const node = api?.getRowNode(rowId);
        if (node) api?.refreshCells({ rowNodes: [node], columns: [key] });
        if (show)
          setTip(message ? { rowId, key, message } : (t) => (t?.rowId === rowId && t.key === key ? null : t));
        return message;
      },
      [api, byKey, errors, rowKey],
    );

    /** After a committed change of a unique column, other rows of the column may pass or fail now. */
    const recheckColumn = useCallback(
      (key: string, exceptRowId: string) => {
        if (!byKey.get(key)?.validateRules?.some((r) => r.unique)) return;
        const changed = rowsRef.current.find((r) => String(r[rowKey]) === exceptRowId)?.[key];
        for (const r of rowsRef.current) {
          const id = String(r[rowKey]);
          if (id === exceptRowId) continue;
          if (errors.has(id, key) || String(r[key]) === String(changed))
            void checkCell(id, key, undefined, false);
        }
      },
      [byKey, checkCell, errors, rowKey],
    );

    const context = useMemo<EditableCellContext>(
      () => ({
        column: (key) => byKey.get(key),
        options: (key) => optionsOf(byKey.get(key) ?? {}, dicts),
        validateDraft: (node, key, value) => {
          if (node.id) void checkCell(node.id, key, value);
        },
        setValue: (node, key, value) => {
          if (!cellDisabled(node, key)) node.setDataValue(key, value);
        },
        isDisabled: cellDisabled,
        labels,
        alwaysEdit,
        openPopup: (node, key) => {
          if (node.id && !node.rowPinned && !cellDisabled(node, key)) setPopup({ rowId: node.id, key });
        },
      }),
      [byKey, dicts, checkCell, cellDisabled, labels, alwaysEdit],
    );

    // load the given rows: ids prefixed, values turned into cell values
    useEffect(() => {
      setRows((props.rows ?? []).map((r) => loadRow(columns, r, { rowKey, prefix: props.prefix })));
      errors.replace([]);
      setTip(null);
      // columns are declarations: a new rows list is what reloads
    }, [props.rows]);

    const ops = useGridOps({
      api,
      columns,
      rowKey,
      sortKey: props.sortKey,
      prefix: props.prefix,
      rowsRef,
      setRows,
      errors,
      setTip,
      onRemove: props.onRemove,
      onChange: (c) => onChangeRef.current?.(c),
    });
    useImperativeHandle(ref, () => ops.handle, [ops.handle]);
    useGridSocket(props.socketKey, ops.handle, rowsRef, rowKey, props.prefix);
    useGridWidgets(props.widgets !== false, ops.actions, visible);

    // spreadsheet keyboard, range selection, TSV copy/paste and undo/redo; pasted text is read
    // like typed input of the column's type, disabled cells and rows are skipped
    const sheet = useSpreadsheet(api, {
      editable: true,
      canEdit: (node, colId) =>
        !node.rowPinned && byKey.has(colId) && !cellDisabled(node as IRowNode<GridRow>, colId),
      parse: (colId, text) => {
        const column = byKey.get(colId);
        return column ? loadCell(column, text) : text;
      },
    });
    const columnDefs = useMemo(
      () => [
        SEQUENCE_COLUMN,
        ...toColDefs(columns, {
          isDisabled: cellDisabled,
          hasError: (rowId, key) => errors.has(rowId, key),
        }).map((d) => ({ ...d, cellClassRules: { ...sheet.cellClassRules, ...d.cellClassRules } })),
      ],
      [columns, cellDisabled, errors, sheet.cellClassRules],
    );
    const hasDrag = columns.some((c) => canonicalType(c.type) === 'rowDragSort');
    const statistics = useMemo(() => {
      const data: GridRow[] = [];
      if (api) api.forEachNode((n) => n.data && data.push(n.data));
      return statisticsRows(columns, api ? data : rows, rowKey);
      // `version` moves on every committed edit; the rows are read from the grid
    }, [api, columns, rows, rowKey, version]);
    // header, rows and a horizontal scrollbar, up to maxHeight
    const height = Math.min(maxHeight, 62 + (Math.max(rows.length, 2) + statistics.length) * rowHeight);

    return (
      <div className="jvxe-grid">
        {props.toolbar !== false && (
          <GridToolbar label={`${props.title ?? '表格'}操作`} actions={ops.actions} visible={visible} />
        )}
        <div ref={wrapper} className="relative" style={{ height }}>
          <AgGridReact<GridRow>
            rowData={rows}
            pinnedBottomRowData={statistics}
            columnDefs={columnDefs}
            context={context}
            getRowId={(p) => String(p.data[rowKey])}
            localeText={AG_GRID_LOCALE_CN}
            rowHeight={rowHeight}
            rowSelection={{
              mode: 'multiRow',
              checkboxes: true,
              headerCheckbox: true,
              enableClickSelection: false,
              isRowSelectable: (node) => !(node.data && isRowDisabled(node.data, disabledRows)),
            }}
            selectionColumnDef={{
              width: selectionColumnWidth(columns),
              minWidth: selectionColumnWidth(columns),
            }}
            rowClassRules={{
              'jvxe-disabled-row': (p) => Boolean(p.data && isRowDisabled(p.data, disabledRows)),
            }}
            singleClickEdit
            popupParent={typeof document === 'undefined' ? undefined : document.body}
            suppressColumnVirtualisation
            stopEditingWhenCellsLoseFocus
            rowDragManaged={hasDrag}
            overlayNoRowsTemplate="暂无数据"
            onGridReady={(e) => setApi(e.api)}
            onRowDragEnd={ops.onDragEnd}
            onCellValueChanged={(e) => {
              const key = e.colDef.field;
              if (!key || !e.node.id) return;
              void checkCell(e.node.id, key);
              recheckColumn(key, e.node.id);
              setVersion((v) => v + 1);
              onChangeRef.current?.({ type: 'edit', rowId: e.node.id, key, value: e.newValue });
            }}
            onCellEditingStopped={(e) => {
              const key = e.colDef.field;
              if (key && e.node.id) void checkCell(e.node.id, key);
            }}
            onCellFocused={(e: CellFocusedEvent<GridRow>) => {
              const key = typeof e.column === 'object' && e.column ? e.column.getColId() : undefined;
              const node = e.rowIndex == null ? undefined : e.api.getDisplayedRowAtIndex(e.rowIndex);
              const err = key && node?.id ? errors.get(node.id, key) : undefined;
              setTip(err ?? null);
            }}
            onCellKeyDown={(e) => {
              const key = 'colDef' in e ? e.colDef.field : undefined;
              const ev = e.event as KeyboardEvent | null;
              if (ev?.key === ' ' && key && canonicalType(byKey.get(key)?.type ?? 'normal') === 'checkbox') {
                ev.preventDefault();
                context.setValue(e.node, key, e.node.data?.[key] !== true);
              }
              const column = key ? byKey.get(key) : undefined;
              if (ev?.key === 'Enter' && key && column?.type === 'popup' && !popupConfigError(column))
                context.openPopup(e.node, key);
            }}
            onBodyScroll={() => setTick((t) => t + 1)}
            onRowDataUpdated={() => {
              setTick((t) => t + 1);
              setVersion((v) => v + 1);
            }}
          />
          <CellTooltip wrapper={wrapper} tip={tip} tick={tick} />
          <GridPopup
            target={popup}
            column={popup ? byKey.get(popup.key) : undefined}
            onClose={() => setPopup(null)}
            onPick={(rowId, values) => {
              if (api) applyPopupValues(api, rowId, values, (k) => byKey.has(k));
            }}
          />
        </div>
      </div>
    );
  },
);

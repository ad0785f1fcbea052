import type { ComponentType } from 'react';
import type { ColDef, IRowNode } from 'ag-grid-community';
import type { CustomCellEditorProps } from 'ag-grid-react';
import {
  CheckboxRenderer,
  ProgressRenderer,
  RadioRenderer,
  SlotRenderer,
  ValueRenderer,
} from '../cells/cell-renderers.tsx';
import {
  DateEditor,
  NumberEditor,
  TagsEditor,
  TextEditor,
  TextareaEditor,
  dateEditorKeys,
} from '../cells/text-editors.tsx';
import {
  AsyncSearchEditor,
  MultiSelectEditor,
  SearchSelectEditor,
  SelectEditor,
} from '../cells/select-editors.tsx';
import { DepartSelectEditor, UserSelectEditor } from '../cells/picker-editors.tsx';
import { CategorySelectEditor } from '../cells/tree-select-editor.tsx';
import { popupConfigError } from '../cells/cell-options.ts';
import { UploadCellEditor, UploadCellRenderer, type UploadCellParams } from '../cells/upload-cell.tsx';
import { PopupCellRenderer, StatisticCellRenderer } from '../cells/popup-cell.tsx';
import { STATISTIC_LABEL_KEY } from './statistics.ts';
import { GRID, canonicalType, columnWidth, fieldExtendOf, isEditorType } from './column-defaults.ts';
import type { ColumnType, EditableColumn, GridRow } from './types.ts';

type Editor = ComponentType<CustomCellEditorProps<GridRow>>;

const dateEditor = (kind: 'date' | 'datetime' | 'time'): Editor =>
  function DateCellEditor(p) {
    return <DateEditor {...p} kind={kind} />;
  };
const DATE_EDITORS = { date: dateEditor('date'), datetime: dateEditor('datetime'), time: dateEditor('time') };

/** Cells edited with a picker that handles Enter itself. */
const PICKER_TYPES = new Set<ColumnType>(['sel_user', 'sel_depart', 'sel_category']);

/** The editor of each editable type, and whether it opens as a pop-over (lists, text areas). */
function editorOf(type: ColumnType): { editor: Editor; popup?: boolean } | null {
  switch (type) {
    case 'input':
      return { editor: TextEditor };
    case 'tags':
      return { editor: TagsEditor };
    case 'inputNumber':
      return { editor: NumberEditor };
    case 'select':
      return { editor: SelectEditor };
    case 'selectSearch':
    case 'sel_search':
      return { editor: SearchSelectEditor, popup: true };
    case 'sel_search_async':
      return { editor: AsyncSearchEditor, popup: true };
    case 'selectMultiple':
    case 'list_multi':
      return { editor: MultiSelectEditor, popup: true };
    case 'sel_user':
      return { editor: UserSelectEditor, popup: true };
    case 'sel_depart':
      return { editor: DepartSelectEditor, popup: true };
    case 'sel_category':
      return { editor: CategorySelectEditor, popup: true };
    case 'date':
    case 'datetime':
      return { editor: DATE_EDITORS[type], popup: true };
    case 'time':
      return { editor: DATE_EDITORS[type] };
    case 'input_pop':
    case 'textarea':
      return { editor: TextareaEditor, popup: true };
    default:
      return null;
  }
}

const RENDERERS: Partial<Record<ColumnType, ComponentType<never>>> = {
  checkbox: CheckboxRenderer,
  radio: RadioRenderer,
  progress: ProgressRenderer,
  slot: SlotRenderer,
};

/** Upload / file / image settings of a column (uploadnum from fieldExtendJson). */
function uploadParams(column: EditableColumn, type: 'upload' | 'file' | 'image'): UploadCellParams {
  return {
    cellType: type,
    ...(column.responseName ? { responseName: column.responseName } : {}),
    ...(column.action ? { action: column.action } : {}),
    ...(column.data
      ? { data: Object.fromEntries(Object.entries(column.data).map(([k, v]) => [k, String(v)])) }
      : {}),
    uploadnum: Number(fieldExtendOf(column).uploadnum) || 0,
    allowDownload: column.allowDownload !== false,
    allowRemove: column.allowRemove !== false,
    ...(column.btnText ? { btnText: column.btnText } : {}),
  };
}

/** What the column definitions need from the grid. */
export interface ColDefsEnv {
  isDisabled(node: IRowNode<GridRow>, key: string): boolean;
  hasError(rowId: string, key: string): boolean;
}

/** AG Grid column definitions of the editable columns (spec §3 types, §9 widths). */
export function toColDefs(columns: readonly EditableColumn[], env: ColDefsEnv): Array<ColDef<GridRow>> {
  const visible = columns.filter((c) => c.type !== 'hidden' && c.type !== 'rowDragSort').length;
  const defs: Array<ColDef<GridRow>> = [];
  for (const column of columns) {
    const type = canonicalType(column.type);
    if (type === 'rowDragSort') {
      defs.push({
        colId: column.key,
        headerName: column.title,
        rowDrag: true,
        width: 50,
        minWidth: 50,
        sortable: false,
        resizable: false,
        suppressMovable: true,
        cellClass: 'jvxe-drag-cell',
      });
      continue;
    }
    const w = columnWidth(column, visible);
    // a popup column opens the popup report from its cell (valid configuration) instead of an editor
    const popup = type === 'popup' && !popupConfigError(column);
    const edit = isEditorType(type) && type !== 'popup' ? editorOf(type) : null;
    const upload =
      type === 'upload' || type === 'file' || type === 'image' ? uploadParams(column, type) : null;
    const renderer = upload
      ? UploadCellRenderer
      : popup
        ? PopupCellRenderer
        : RENDERERS[type] || ValueRenderer;
    defs.push({
      field: column.key,
      colId: column.key,
      headerName: column.title,
      hide: type === 'hidden',
      // values are arrays / objects for some types: no inferred formatter or parser
      cellDataType: false,
      sortable: Boolean(column.sorter),
      ...(w.percent !== undefined ? { flex: w.percent, minWidth: w.minWidth ?? 100 } : { width: w.width }),
      ...(w.minWidth !== undefined ? { minWidth: w.minWidth } : {}),
      headerClass: column.validateRules?.some((r) => r.required) ? 'jvxe-required' : undefined,
      editable: edit || upload ? (p) => !p.node.rowPinned && !env.isDisabled(p.node, column.key) : false,
      cellEditor: upload ? UploadCellEditor : edit?.editor,
      cellEditorPopup: upload ? true : (edit?.popup ?? false),
      cellEditorPopupPosition: 'under',
      // statistics rows (pinned at the bottom) show plain numbers
      cellRendererSelector: (p) =>
        p.node.rowPinned
          ? { component: StatisticCellRenderer }
          : { component: renderer, ...(upload ? { params: upload } : {}) },
      ...(upload ? { cellEditorParams: upload } : {}),
      cellClassRules: {
        'jvxe-invalid': (p) => Boolean(p.node.id && env.hasError(p.node.id, column.key)),
        'jvxe-disabled-cell': (p) => !p.node.rowPinned && env.isDisabled(p.node, column.key),
      },
      // the checkbox toggles with Space instead of selecting the row; a date cell's calendar keeps its
      // keys; a picker's Enter picks (the picker ends the editing, with the picked value)
      suppressKeyboardEvent:
        type === 'checkbox'
          ? (p) => p.event.key === ' '
          : type === 'date' || type === 'datetime'
            ? (p) => dateEditorKeys(p.event, p.editing)
            : PICKER_TYPES.has(type)
              ? (p) => p.editing && p.event.key === 'Enter'
              : undefined,
    });
  }
  return defs;
}

/** The sequence column (#, width 60). */
export const SEQUENCE_COLUMN: ColDef<GridRow> = {
  colId: '__seq',
  headerName: '#',
  width: GRID.sequenceWidth,
  minWidth: GRID.sequenceWidth,
  sortable: false,
  resizable: false,
  suppressMovable: true,
  // a statistics row shows its label (合计 / 平均值) here
  valueGetter: (p) => (p.node?.rowPinned ? p.data?.[STATISTIC_LABEL_KEY] : (p.node?.rowIndex ?? 0) + 1),
  cellClass: 'text-gray-500',
};

import type { ReactNode } from 'react';
import type { CellRule } from '../../../../shared/grid-rules.ts';

/** Column types of the editable grid (spec §3); `departSelect`/`userSelect` are aliases. */
export type ColumnType =
  | 'normal'
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'checkbox_meta'
  | 'select'
  | 'selectSearch'
  | 'selectMultiple'
  | 'list_multi'
  | 'sel_search'
  | 'sel_search_async'
  | 'sel_depart'
  | 'departSelect'
  | 'sel_user'
  | 'userSelect'
  /** a 分类字典 node (the category tree-select; `props.pcode` narrows it to one branch) */
  | 'sel_category'
  | 'date'
  | 'datetime'
  | 'time'
  | 'input_pop'
  | 'textarea'
  | 'upload'
  | 'file'
  | 'image'
  | 'radio'
  | 'popup'
  | 'slot'
  | 'hidden'
  | 'tags'
  | 'progress'
  | 'rowDragSort';

/** One choice of a select / radio column. */
export interface ColumnOption {
  value: string;
  text: string;
  disabled?: boolean;
}

/** A row of the editable grid: plain data keyed by column key, plus its id. */
export type GridRow = Record<string, unknown>;

/** A column of the editable grid, with the options spec §3 lists. */
export interface EditableColumn {
  key: string;
  title: string;
  type: ColumnType;
  width?: number | string;
  minWidth?: number;
  placeholder?: string;
  options?: ColumnOption[];
  dictCode?: string;
  defaultValue?: unknown;
  validateRules?: CellRule[];
  disabled?: boolean;
  /** checkbox: [checked value, unchecked value] read out instead of a boolean */
  customValue?: [unknown, unknown];
  defaultChecked?: boolean;
  /** file / upload: offer a download link (default true) */
  allowDownload?: boolean;
  /** file / upload: offer removal (default true) */
  allowRemove?: boolean;
  /** upload: upload URL and extra form data */
  action?: string;
  data?: Record<string, unknown>;
  token?: boolean;
  /** upload: the response field holding the stored path (default `message`) */
  responseName?: string;
  /** popup: online report code and field mapping (comma-separated, same count) */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  field?: string;
  param?: Record<string, unknown>;
  sorter?: boolean;
  fieldExtendJson?: string;
  /** sel_user / sel_depart / popup: several values */
  multi?: boolean;
  /** sel_user / sel_depart: the field stored (username / id …) and shown */
  store?: string;
  text?: string;
  /** selectSearch / sel_search: free text allowed */
  allowInput?: boolean;
  allowSearch?: boolean;
  /** extra props for the editor (e.g. `{ min, max }` of a number) */
  props?: Record<string, unknown>;
  /** button text of popup / upload cells */
  btnText?: string;
  isOrder?: boolean;
  statistics?: Array<'sum' | 'average'>;
  /** slot: the cell content */
  render?: (value: unknown, row: GridRow) => ReactNode;
}

/** Rules disabling rows: a row matching any key (value, or one of a list) is disabled. */
export type DisabledRows = Record<string, unknown>;

/** What `getValues` resolves with. */
export interface GridValues {
  values: GridRow[];
  deleteIds: string[];
}

/** A failing cell after validation. */
export interface CellError {
  rowId: string;
  key: string;
  message: string;
}

/** What changed in the grid, for `onChange`. */
export interface GridChange {
  type: 'edit' | 'add' | 'insert' | 'remove' | 'move' | 'drag' | 'reload';
  rowId?: string;
  key?: string;
  value?: unknown;
}

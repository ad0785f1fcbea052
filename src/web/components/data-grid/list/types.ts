import type { ReactNode } from 'react';
import type { DetailTab } from '../dialogs/details-modal.tsx';
import type { SuperQueryField } from '../../../../shared/super-query.ts';
import type { SortState } from './list-params.ts';
import type { PickerRef } from '../../fields/ref-input.tsx';

/** How many row actions show as buttons in the 操作 cell before the rest go under 更多. */
export const INLINE_ACTIONS = 2;

/** A column of a list page. */
export interface ListColumn<Row> {
  /** the row property shown (a `_dictText` sibling for dictionary fields) */
  field: string;
  title: string;
  width?: number;
  /** server sort key; defaults to `field` without `_dictText`; false: not sortable */
  sortField?: string | false;
  /** a text column filter in the header (search-input modes), on this server field (default sortField) */
  filter?: boolean | string;
  /** custom cell content */
  render?(row: Row): ReactNode;
  /** the field name column permissions refer to (default: sortField or field) */
  authField?: string;
  pinned?: 'left' | 'right';
}

/** A field of the search bar above the grid. */
export interface SearchField {
  key: string;
  label: string;
  /** text supports the search-input modes `*v*`, `!v`, `>=v`, `<=v`; area: a 省市区 cascader; ref: a picker */
  type?: 'text' | 'select' | 'date' | 'area' | 'ref';
  dictCode?: string;
  options?: Array<{ value: string; text: string }>;
  /** `ref`: the picker the value is chosen from */
  reference?: PickerRef;
}

/** Everything a list screen declares; the ListPage does the rest. */
export interface ListPageConfig<Row extends { id: string }> {
  /** menus `<pageKey>.toolbar` / `<pageKey>.row`; saved queries; audit */
  pageKey: string;
  title: string;
  url: {
    list?: string;
    exportXls?: string;
    importExcel?: string;
  };
  /** permission codes that gate export and import on this page */
  perms?: { export?: string; import?: string };
  /** the query key prefix the page's commands invalidate */
  queryKey: readonly unknown[];
  columns: Array<ListColumn<Row>>;
  search?: SearchField[];
  superQuery?: SuperQueryField[];
  /** column permission prefix (spec §6), e.g. 'user:' */
  authPrefix?: string;
  defaultSort?: SortState;
  /** arguments a row action receives (default `{ id, ids: id }`) */
  rowArgs?(row: Row): Record<string, unknown>;
  /** width of the 操作 column */
  actionsWidth?: number;
  /** sub forms of a row's 详细信息 dialog (tabs below its fields), e.g. a dictionary's items */
  detailTabs?(row: Row): DetailTab[];
  /** realtime table key (`/vxeSocket`): rows saved elsewhere update in place */
  socketKey?: string;
}

/**
 * The request parameters of a generic list page (spec §7 "Generic list pages": pageNo, pageSize,
 * sorter column/order, field filters, superQueryParams, superQueryMatchType), built from the
 * page's state. Pure, so the paging and search rules are unit-tested without a browser.
 */
import { PAGING } from '../../../../shared/api.ts';

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

/** Spec §9: default sort createTime descending. */
export const DEFAULT_SORT: SortState = { column: 'createTime', order: 'desc' };

export interface SuperQueryState {
  superQueryParams: string;
  superQueryMatchType: string;
}

export interface ListState {
  pageNo: number;
  pageSize: number;
  sort: SortState;
  /** the search bar's submitted values (search-input modes kept as typed) */
  search: Record<string, string>;
  /** the column filters' values, already in search-input mode syntax */
  filters: Record<string, string>;
  superQuery: SuperQueryState | null;
}

export const initialListState = (sort: SortState = DEFAULT_SORT): ListState => ({
  pageNo: 1,
  pageSize: PAGING.defaultSize,
  sort,
  search: {},
  filters: {},
  superQuery: null,
});

const nonBlank = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v.trim() !== ''));

/** The query object of the list call. Column filters win over the search bar for the same field. */
export function listParams(state: ListState): Record<string, string | number> {
  return {
    ...nonBlank(state.search),
    ...nonBlank(state.filters),
    ...(state.superQuery ?? {}),
    column: state.sort.column,
    order: state.sort.order,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
  };
}

/** The export call's query: the same filters and sort, no paging, and the ticked rows if any. */
export function exportParams(state: ListState, selection: readonly string[]): Record<string, string> {
  const { pageNo: _p, pageSize: _s, ...rest } = listParams(state);
  const query = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  return selection.length ? { ...query, selections: selection.join(',') } : query;
}

/** Any change of what is searched goes back to page 1; paging changes keep the rest. */
export type ListAction =
  | { type: 'page'; pageNo: number; pageSize: number }
  | { type: 'sort'; sort: SortState | null }
  | { type: 'search'; search: Record<string, string> }
  | { type: 'filters'; filters: Record<string, string> }
  | { type: 'superQuery'; superQuery: SuperQueryState | null }
  | { type: 'reset' };

export function listReducer(fallbackSort: SortState) {
  return (state: ListState, action: ListAction): ListState => {
    switch (action.type) {
      case 'page':
        return {
          ...state,
          pageNo: action.pageSize !== state.pageSize ? 1 : Math.max(1, action.pageNo),
          pageSize: action.pageSize,
        };
      case 'sort':
        return { ...state, sort: action.sort ?? fallbackSort, pageNo: 1 };
      case 'search':
        return { ...state, search: action.search, pageNo: 1 };
      case 'filters':
        return { ...state, filters: action.filters, pageNo: 1 };
      case 'superQuery':
        return { ...state, superQuery: action.superQuery, pageNo: 1 };
      case 'reset':
        // like the Vue client's searchReset: the super query has its own 重置
        return {
          ...initialListState(fallbackSort),
          pageSize: state.pageSize,
          filters: state.filters,
          superQuery: state.superQuery,
        };
    }
  };
}

/** AG Grid text filter → JeecgBoot search-input modes (`*v*`, `v`, `!v`, `v*`, `*v`, `>=v`, `<=v`). */
export function filterToParam(model: { type?: string; filter?: unknown } | undefined): string | undefined {
  const v = model?.filter === undefined || model.filter === null ? '' : String(model.filter).trim();
  if (!v) return undefined;
  switch (model?.type) {
    case 'equals':
      return v;
    case 'notEqual':
      return `!${v}`;
    case 'startsWith':
      return `${v}*`;
    case 'endsWith':
      return `*${v}`;
    case 'greaterThanOrEqual':
      return `>=${v}`;
    case 'lessThanOrEqual':
      return `<=${v}`;
    default:
      return `*${v}*`;
  }
}

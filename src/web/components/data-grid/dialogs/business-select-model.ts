/** Paging and request parameters of the business select modal (spec §7, §9). */

/** Page sizes of the business select modal (spec §9). */
export const BIZ_PAGE_SIZES = [5, 10, 20, 30] as const;
/** Default page size of the business select modal (spec §9). */
export const BIZ_DEFAULT_PAGE_SIZE = 5;

/** What the modal asks the list URL for. */
export interface BizListState {
  pageNo: number;
  pageSize: number;
  /** the search box text */
  search: string;
  column?: string;
  order?: 'asc' | 'desc';
}

/** Start state of the modal: first page of 5, no search, no sort. */
export const initialBizState = (): BizListState => ({
  pageNo: 1,
  pageSize: BIZ_DEFAULT_PAGE_SIZE,
  search: '',
});

/**
 * GET parameters of one page: `pageNo`, `pageSize`, the fixed `params`, sort when chosen, and the
 * search text as a JeecgBoot "contains" (`*text*`) on `searchParam`.
 */
export function bizListParams(
  state: BizListState,
  searchParam: string | undefined,
  params: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params, pageNo: state.pageNo, pageSize: state.pageSize };
  if (state.column && state.order) Object.assign(out, { column: state.column, order: state.order });
  const text = state.search.trim();
  if (searchParam && text) out[searchParam] = /[*,!<>=]/.test(text) ? text : `*${text}*`;
  return out;
}

/**
 * Parameters that load the rows of already chosen values (spec §7: "GET list URL with pageNo,
 * pageSize, value key"): `<valueKey>=v1,v2` on one page holding all of them.
 */
export function bizValueParams(
  valueKey: string,
  values: readonly string[],
  params: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return { ...params, pageNo: 1, pageSize: Math.max(1, values.length), [valueKey]: values.join(',') };
}

/** A list answer as records and total: a JeecgBoot page, or a bare array. */
export function pageOf(result: unknown): { records: Array<Record<string, unknown>>; total: number } {
  if (Array.isArray(result)) return { records: result, total: result.length };
  const page = (result ?? {}) as { records?: unknown; total?: unknown };
  const records = Array.isArray(page.records) ? (page.records as Array<Record<string, unknown>>) : [];
  return { records, total: typeof page.total === 'number' ? page.total : records.length };
}

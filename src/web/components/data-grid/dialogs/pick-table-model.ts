/**
 * Pure helpers of the picker tables (popup report, business select): text ellipsis, dictionary
 * translation, sort cycling, selection and search parameters.
 */

/** Business select modal: cell text is cut after this many characters (spec §9). */
export const BIZ_ELLIPSIS = 12;
/** Default ellipsis length (spec §9). */
export const DEFAULT_ELLIPSIS = 25;

/** `text` cut to `max` characters with "..." (JeecgBoot's JEllipsis); counts code points, not UTF-16 units. */
export function ellipsis(text: string, max: number): string {
  const chars = [...text];
  return max > 0 && chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** A dictionary option as `dictOptions` carries it. */
export interface DictOptionLike {
  value: string;
  text?: string;
  label?: string;
  title?: string;
}

/** A dictionary value shown as its text; comma-separated multi-values item by item; unknown kept. */
export function dictText(options: readonly DictOptionLike[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const raw = String(value);
  if (!options?.length) return raw;
  return raw
    .split(',')
    .map((v) => {
      const o = options.find((x) => x.value === v);
      return o ? (o.text ?? o.label ?? o.title ?? v) : v;
    })
    .join(',');
}

/** The sort of a picker table (server side: `column` / `order`). */
export interface SortState {
  column?: string;
  order?: 'asc' | 'desc';
}

/** Clicking a sortable header: ascending, then descending, then unsorted (as antd tables do). */
export function nextSort(current: SortState, column: string): SortState {
  if (current.column !== column) return { column, order: 'asc' };
  if (current.order === 'asc') return { column, order: 'desc' };
  return {};
}

/**
 * Toggle one row in the selection. Single mode keeps at most one row (choosing another replaces
 * it); multi mode adds or removes.
 */
export function toggleSelection<T>(
  selected: ReadonlyMap<string, T>,
  key: string,
  row: T,
  multi: boolean,
): Map<string, T> {
  if (selected.has(key)) {
    const next = new Map(selected);
    next.delete(key);
    return next;
  }
  return multi ? new Map(selected).set(key, row) : new Map([[key, row]]);
}

/** The key of a record: its `rowKey` property, else its JSON (reports without ids). */
export const recordKey = (row: Record<string, unknown>, rowKey = 'id'): string => {
  const v = row[rowKey];
  return v === null || v === undefined || v === '' ? JSON.stringify(row) : String(v);
};

/** A search item of a report form. */
export interface SearchItem {
  field: string;
  mode: 'single' | 'group';
}

/**
 * Search form values → request parameters: blank values are left out; a `group` item sends
 * `field_begin` / `field_end` (values kept under those keys in the form).
 */
export function searchParams(
  items: readonly SearchItem[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string) => {
    const v = values[k]?.trim();
    if (v) out[k] = v;
  };
  for (const item of items) {
    if (item.mode === 'group') {
      put(`${item.field}_begin`);
      put(`${item.field}_end`);
    } else put(item.field);
  }
  return out;
}

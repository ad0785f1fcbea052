import type { ColumnType, EditableColumn } from './types.ts';

/** Grid constants of spec §9. */
export const GRID = {
  rowHeight: 61,
  maxHeight: 400,
  maxVisibleLines: 9,
  fallbackWidth: 120,
  dateMinWidth: 135,
  datetimeWidth: 200,
  datetimeMinWidth: 190,
  userSelectWidth: 220,
  departSelectWidth: 160,
  sequenceWidth: 60,
  selectionWidth: 40,
  selectionWidthWithStatistics: 60,
  popupWidth: 300,
  popupHeight: 210,
  multiSelectMaxTags: 1,
  fileNameEllipsis: 5,
  reloadEffectMs: 1400,
  defaultThrottleMs: 300,
  asyncSearchDebounceMs: 800,
} as const;

/** Date / time display formats (spec §9). */
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
} as const;

/** A column's width: pixels, or a percentage of the grid shared by default-width columns. */
export interface ColumnWidth {
  width?: number;
  percent?: number;
  minWidth?: number;
}

const parseWidth = (w: number | string): ColumnWidth => {
  if (typeof w === 'number') return { width: w };
  const m = /^(\d+(?:\.\d+)?)(px|%)?$/.exec(w.trim());
  if (!m) return { width: GRID.fallbackWidth };
  return m[2] === '%' ? { percent: Number(m[1]) } : { width: Number(m[1]) };
};

/** Types whose columns take no width of their own. */
export const isInvisibleType = (type: ColumnType): boolean => type === 'hidden';

/** Column aliases (`userSelect` is `sel_user`, …) resolved to one type. */
export function canonicalType(type: ColumnType): ColumnType {
  if (type === 'userSelect') return 'sel_user';
  if (type === 'departSelect') return 'sel_depart';
  if (type === 'checkbox_meta') return 'checkbox';
  return type;
}

/**
 * Width of a column (spec §9): its own width, else the type's width (datetime 200 min 190, user select
 * 220, department select 160, date min 135), else 92% divided by the number of visible columns, or
 * 120 px when there are none to share with.
 */
export function columnWidth(column: EditableColumn, visibleCount: number): ColumnWidth {
  const type = canonicalType(column.type);
  const min =
    column.minWidth ??
    (type === 'date' ? GRID.dateMinWidth : type === 'datetime' ? GRID.datetimeMinWidth : undefined);
  const withMin = (w: ColumnWidth): ColumnWidth => (min === undefined ? w : { ...w, minWidth: min });
  if (column.width !== undefined) return withMin(parseWidth(column.width));
  if (type === 'datetime') return withMin({ width: GRID.datetimeWidth });
  if (type === 'sel_user') return withMin({ width: GRID.userSelectWidth });
  if (type === 'sel_depart') return withMin({ width: GRID.departSelectWidth });
  if (visibleCount <= 0) return withMin({ width: GRID.fallbackWidth });
  return withMin({ percent: 92 / visibleCount });
}

/** Width of the selection column: 40, or 60 when a column shows statistics. */
export const selectionColumnWidth = (columns: readonly EditableColumn[]): number =>
  columns.some((c) => c.statistics?.length) ? GRID.selectionWidthWithStatistics : GRID.selectionWidth;

/** Is the column's cell edited in place (as opposed to display-only or toggled in the renderer)? */
export function isEditorType(type: ColumnType): boolean {
  const t = canonicalType(type);
  return (
    !['normal', 'checkbox', 'radio', 'slot', 'hidden', 'progress', 'rowDragSort'].includes(t) &&
    !['upload', 'file', 'image'].includes(t)
  );
}

/** Multi-value types: the cell holds an array, read out comma-joined. */
export const isMultiType = (column: EditableColumn): boolean => {
  const t = canonicalType(column.type);
  return (
    t === 'selectMultiple' ||
    t === 'list_multi' ||
    ((t === 'sel_user' || t === 'sel_depart') && Boolean(column.multi))
  );
};

/** What `fieldExtendJson` (spec §3) may hold: picker settings and the upload count. */
export interface FieldExtend {
  multiSelect?: boolean;
  store?: string;
  text?: string;
  uploadnum?: number;
}

/** The parsed `fieldExtendJson` of a column (empty when absent or not JSON). */
export function fieldExtendOf(column: EditableColumn): FieldExtend {
  if (!column.fieldExtendJson) return {};
  try {
    const parsed: unknown = JSON.parse(column.fieldExtendJson);
    return parsed && typeof parsed === 'object' ? (parsed as FieldExtend) : {};
  } catch {
    return {};
  }
}

/**
 * A column with its `fieldExtendJson` folded in, as online forms send picker settings:
 * `multiSelect` → `multi`, `store`, `text` (the column's own options win).
 */
export function withFieldExtend(column: EditableColumn): EditableColumn {
  const extend = fieldExtendOf(column);
  if (extend.multiSelect === undefined && !extend.store && !extend.text) return column;
  return {
    ...column,
    multi: column.multi ?? extend.multiSelect,
    store: column.store ?? extend.store,
    text: column.text ?? extend.text,
  };
}

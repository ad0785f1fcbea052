import { canonicalType, isMultiType } from './column-defaults.ts';
import type { EditableColumn, GridRow } from './types.ts';

/** Default prefix of grid row ids and the suffix marking rows not saved yet (spec §3). */
export const ROW_ID_PREFIX = 'row_';
export const TEMP_ID_SUFFIX = '_temp';

/** The value an upload / file / image cell holds (spec §3 "Uploaded file value"). */
export interface FileValue {
  name: string;
  path?: string;
  type?: string;
  size?: number;
  status: 'uploading' | 'done' | 'error';
  percent?: number;
  message?: string;
}

let seq = 0;
/** A fresh grid id for a new row: prefix + random part + temporary suffix. */
export function newTempId(prefix = ROW_ID_PREFIX): string {
  seq = (seq + 1) % 1_000_000;
  return `${prefix}${Date.now().toString(36)}${seq.toString(36)}${Math.random().toString(36).slice(2, 8)}${TEMP_ID_SUFFIX}`;
}

/** The grid id of a saved row id. */
export const toGridId = (id: unknown, prefix = ROW_ID_PREFIX): string => `${prefix}${String(id)}`;

/** Is this grid id one of a row not saved yet? */
export const isTempId = (gridId: string): boolean => gridId.endsWith(TEMP_ID_SUFFIX);

/** The id read out of a grid id: prefix and temporary suffix stripped. */
export function readId(gridId: string, prefix = ROW_ID_PREFIX): string {
  let id = gridId.startsWith(prefix) ? gridId.slice(prefix.length) : gridId;
  if (id.endsWith(TEMP_ID_SUFFIX)) id = id.slice(0, -TEMP_ID_SUFFIX.length);
  return id;
}

const basename = (path: string) => path.split(/[\\/]/).pop() ?? path;
const toFile = (path: string): FileValue => ({ name: basename(path), path, status: 'done' });

/** A value as given from outside (saved row, default value) turned into what the cell holds. */
export function loadCell(column: EditableColumn, value: unknown): unknown {
  const type = canonicalType(column.type);
  if (type === 'checkbox') {
    if (column.customValue) return value === column.customValue[0];
    return value === true || value === 'true' || value === 1 || value === '1';
  }
  if (isMultiType(column)) {
    if (Array.isArray(value)) return value.map(String);
    if (value === null || value === undefined || value === '') return [];
    return String(value).split(',').filter(Boolean);
  }
  if ((type === 'file' || type === 'image') && typeof value === 'string') {
    const paths = value.split(',').filter(Boolean);
    if (paths.length === 0) return null;
    return paths.length === 1 ? toFile(paths[0]!) : paths.map(toFile);
  }
  if (type === 'upload' && typeof value === 'string' && value.startsWith('{')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

const pathOf = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return v;
  return (v as FileValue).path ?? null;
};

/**
 * A cell's value as read out (spec §3): checkbox custom pair or boolean, multi-select comma-joined,
 * file / image the stored path (several comma-joined), upload the file object.
 */
export function readCell(column: EditableColumn, value: unknown): unknown {
  const type = canonicalType(column.type);
  if (type === 'checkbox') {
    const checked = value === true;
    return column.customValue ? column.customValue[checked ? 0 : 1] : checked;
  }
  if (isMultiType(column)) return Array.isArray(value) ? value.join(',') : (value ?? '');
  if (type === 'file' || type === 'image') {
    const list = Array.isArray(value) ? value : [value];
    const paths = list.map(pathOf).filter((p): p is string => Boolean(p));
    return paths.length ? paths.join(',') : null;
  }
  return value;
}

/** The default value of one column in a new row (spec §4 "New rows get per-type defaults"). */
export function defaultCell(column: EditableColumn): unknown {
  const type = canonicalType(column.type);
  if (column.defaultValue !== undefined) return loadCell(column, column.defaultValue);
  if (type === 'checkbox') return Boolean(column.defaultChecked);
  if (isMultiType(column)) return [];
  if (type === 'progress') return 0;
  if (type === 'inputNumber' || type === 'upload' || type === 'file' || type === 'image') return null;
  return '';
}

/** Data columns: those holding a value (not the drag handle). */
export const dataColumns = (columns: readonly EditableColumn[]) =>
  columns.filter((c) => c.type !== 'rowDragSort');

/** A new row with every column's default and a temporary id under `rowKey`. */
export function newRow(
  columns: readonly EditableColumn[],
  opts: { rowKey?: string; prefix?: string; values?: GridRow } = {},
): GridRow {
  const row: GridRow = {};
  for (const c of dataColumns(columns)) row[c.key] = defaultCell(c);
  for (const [k, v] of Object.entries(opts.values ?? {})) {
    const col = columns.find((c) => c.key === k);
    row[k] = col ? loadCell(col, v) : v;
  }
  row[opts.rowKey ?? 'id'] = newTempId(opts.prefix);
  return row;
}

/** A saved row given from outside, turned into a grid row (cell values loaded, id prefixed). */
export function loadRow(
  columns: readonly EditableColumn[],
  row: GridRow,
  opts: { rowKey?: string; prefix?: string } = {},
): GridRow {
  const key = opts.rowKey ?? 'id';
  const out: GridRow = { ...row };
  for (const c of dataColumns(columns)) out[c.key] = loadCell(c, row[c.key]);
  const id = row[key];
  out[key] =
    id === undefined || id === null || id === ''
      ? newTempId(opts.prefix)
      : String(id).startsWith(opts.prefix ?? ROW_ID_PREFIX)
        ? String(id)
        : toGridId(id, opts.prefix);
  return out;
}

/** A grid row read out: every column read per its type, the id stripped, other fields kept. */
export function readRow(
  columns: readonly EditableColumn[],
  row: GridRow,
  opts: { rowKey?: string; prefix?: string } = {},
): GridRow {
  const key = opts.rowKey ?? 'id';
  const out: GridRow = { ...row };
  for (const c of dataColumns(columns)) out[c.key] = readCell(c, row[c.key]);
  out[key] = readId(String(row[key]), opts.prefix);
  return out;
}

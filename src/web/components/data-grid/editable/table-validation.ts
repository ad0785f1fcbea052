import { validateCell, validateRows } from '../../../../shared/grid-rules.ts';
import { readCell } from './row-values.ts';
import type { CellError, EditableColumn, GridRow } from './types.ts';

/** The key of one cell in an error map. */
export const cellKey = (rowId: string, key: string): string => `${rowId}\u0000${key}`;

/** Check one cell of `row` against its column's rules (unique compares every row of `rows`). */
export function validateGridCell(
  rows: readonly GridRow[],
  row: GridRow,
  column: EditableColumn,
  value: unknown = row[column.key],
): Promise<string | null> {
  const rules = column.validateRules ?? [];
  if (rules.length === 0) return Promise.resolve(null);
  const needsColumn = rules.some((r) => r.unique);
  const columnValues = needsColumn
    ? rows.map((r) => readCell(column, r === row ? value : r[column.key]))
    : undefined;
  return validateCell(readCell(column, value), rules, {
    title: column.title,
    row,
    ...(columnValues ? { columnValues } : {}),
  });
}

/**
 * Validate a whole table: every cell of every row, in row then column order, each with its first
 * failing message (spec §5). Resolves with the failing cells, empty when all pass.
 */
export async function validateTable(
  rows: readonly GridRow[],
  columns: readonly EditableColumn[],
  rowKey = 'id',
): Promise<CellError[]> {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const ruled = columns.map((c) => ({ key: c.key, title: c.title, rules: c.validateRules ?? [] }));
  const errors = await validateRows(rows, ruled, (row, key) => readCell(byKey.get(key)!, row[key]));
  return errors.map((e) => ({ rowId: String(rows[e.index]![rowKey]), key: e.key, message: e.message }));
}

/** A sub-table taking part in form validation. */
export interface ValidatedTable {
  key: string;
  validate(): Promise<CellError[]>;
}

/**
 * Form + sub-table validation (spec §5): the form first, then each sub-table in order. Resolves with
 * `ok`, and the key of the first failing sub-table (the tab to activate) when the form passed.
 */
export async function validateFormAndTables(
  form: () => Promise<boolean>,
  tables: readonly ValidatedTable[],
): Promise<{ ok: boolean; formOk: boolean; failedTable?: string; errors: CellError[] }> {
  const formOk = await form();
  if (!formOk) return { ok: false, formOk, errors: [] };
  for (const table of tables) {
    const errors = await table.validate();
    if (errors.length) return { ok: false, formOk, failedTable: table.key, errors };
  }
  return { ok: true, formOk, errors: [] };
}

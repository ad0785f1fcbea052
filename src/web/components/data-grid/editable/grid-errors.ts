import { cellKey } from './table-validation.ts';
import type { CellError } from './types.ts';

/**
 * The failing cells of one grid: message per cell, plus a sequence per cell so that a slow
 * asynchronous check never overwrites the result of a newer one.
 */
export class GridErrors {
  private messages = new Map<string, CellError>();
  private seq = new Map<string, number>();

  /** Start a check of a cell; returns the ticket `settle` needs. */
  begin(rowId: string, key: string): number {
    const k = cellKey(rowId, key);
    const n = (this.seq.get(k) ?? 0) + 1;
    this.seq.set(k, n);
    return n;
  }

  /** Record a check's result; false when a newer check of the cell started meanwhile. */
  settle(rowId: string, key: string, ticket: number, message: string | null): boolean {
    const k = cellKey(rowId, key);
    if (this.seq.get(k) !== ticket) return false;
    if (message) this.messages.set(k, { rowId, key, message });
    else this.messages.delete(k);
    return true;
  }

  /** Replace every error (a whole-table validation). */
  replace(errors: readonly CellError[]): void {
    this.messages = new Map(errors.map((e) => [cellKey(e.rowId, e.key), e]));
    for (const e of errors) this.begin(e.rowId, e.key);
  }

  /** Forget the errors of removed rows. */
  dropRows(rowIds: readonly string[]): void {
    const gone = new Set(rowIds);
    for (const [k, e] of this.messages) if (gone.has(e.rowId)) this.messages.delete(k);
  }

  get(rowId: string, key: string): CellError | undefined {
    return this.messages.get(cellKey(rowId, key));
  }

  has(rowId: string, key: string): boolean {
    return this.messages.has(cellKey(rowId, key));
  }

  /** Row ids of the rows failing in one column. */
  rowsFailing(key: string): string[] {
    return [...this.messages.values()].filter((e) => e.key === key).map((e) => e.rowId);
  }

  list(): CellError[] {
    return [...this.messages.values()];
  }
}

/** The rejection of `getValues` when a cell fails: every failing cell, the first message as text. */
export class GridValidationError extends Error {
  constructor(readonly errors: CellError[]) {
    super(errors[0]?.message ?? '校验未通过');
    this.name = 'GridValidationError';
  }
}

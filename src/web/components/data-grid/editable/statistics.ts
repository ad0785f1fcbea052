import type { EditableColumn, GridRow } from './types.ts';

/** Statistics a column may declare (JVxeTable `statistics`), in the order their rows are drawn. */
export const STATISTICS = ['sum', 'average'] as const;
export type Statistic = (typeof STATISTICS)[number];

/** Label of each statistics row, shown in the sequence column (JVxeTable: 合计, 平均值). */
export const STATISTIC_LABELS: Record<Statistic, string> = { sum: '合计', average: '平均值' };

/** Key of a statistics row's label and of its id (never a column key of a real grid). */
export const STATISTIC_LABEL_KEY = '__statistic';

/** A number of the cell, or null when the cell holds no number (empty, text). */
function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(n) ? n : null;
}

/** Rounded to at most 2 decimals, so that 0.1 + 0.2 shows as 0.3. */
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** One statistic of one column over the rows: sum of the numbers, or that sum over the row count. */
export function statisticOf(kind: Statistic, rows: readonly GridRow[], key: string): number {
  const sum = rows.reduce((s, r) => s + (numberOf(r[key]) ?? 0), 0);
  if (kind === 'sum') return round2(sum);
  return rows.length === 0 ? 0 : round2(sum / rows.length);
}

/**
 * The pinned bottom rows of the grid: one row per statistic some column declares (合计 before
 * 平均值), holding the label and the value of each column declaring it. Empty when none does.
 */
export function statisticsRows(
  columns: readonly EditableColumn[],
  rows: readonly GridRow[],
  rowKey = 'id',
): GridRow[] {
  return STATISTICS.flatMap((kind) => {
    const keys = columns.filter((c) => c.statistics?.includes(kind)).map((c) => c.key);
    if (keys.length === 0) return [];
    const out: GridRow = {
      [rowKey]: `${STATISTIC_LABEL_KEY}_${kind}`,
      [STATISTIC_LABEL_KEY]: STATISTIC_LABELS[kind],
    };
    for (const key of keys) out[key] = statisticOf(kind, rows, key);
    return [out];
  });
}

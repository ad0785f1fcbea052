import type { ColumnOption } from '../editable/types.ts';
import { GRID } from '../editable/column-defaults.ts';

/** Dictionary items as the session holds them (`text` with `title`/`label` fallbacks). */
export interface DictLike {
  value: string;
  text?: string;
  title?: string;
  label?: string;
  disabled?: boolean;
}

/** Column options from the column itself, else from the dictionary of its dictCode. */
export function optionsOf(
  column: { options?: ColumnOption[]; dictCode?: string },
  dicts: Record<string, DictLike[] | undefined>,
): ColumnOption[] {
  if (column.options?.length) return column.options;
  const items = column.dictCode ? (dicts[column.dictCode] ?? []) : [];
  return items.map((i) => ({
    value: String(i.value),
    text: i.text ?? i.title ?? i.label ?? String(i.value),
    ...(i.disabled ? { disabled: true } : {}),
  }));
}

/** Text of one value among options (the value itself when unknown). */
export const textOf = (options: readonly ColumnOption[], value: unknown): string =>
  options.find((o) => o.value === String(value))?.text ?? (value == null ? '' : String(value));

/**
 * What a multi-select cell shows: at most `max` tags (spec §9: 1), then `+N` for the rest.
 */
export function multiTags(
  options: readonly ColumnOption[],
  values: readonly unknown[],
  max: number = GRID.multiSelectMaxTags,
): { tags: string[]; more: number } {
  const texts = values.map((v) => textOf(options, v));
  return { tags: texts.slice(0, max), more: Math.max(0, texts.length - max) };
}

/** A file name shortened to `n` characters plus an ellipsis (spec §9: 5 in a cell). */
export const ellipsis = (name: string, n: number = GRID.fileNameEllipsis): string =>
  [...name].length > n ? `${[...name].slice(0, n).join('')}…` : name;

/** Popup column configuration check (spec §5); null when usable. */
export function popupConfigError(column: {
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
}): string | null {
  if (!column.popupCode || !column.orgFields || !column.destFields) return 'popup参数未正确配置!';
  if (column.orgFields.split(',').length !== column.destFields.split(',').length)
    return 'popup参数未正确配置,原始值和目标值数量不一致!';
  return null;
}

import type { CustomCellRendererProps } from 'ag-grid-react';
import { canonicalType, isMultiType } from '../editable/column-defaults.ts';
import type { GridRow } from '../editable/types.ts';
import { multiTags, popupConfigError, textOf } from './cell-options.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';

type Props = CustomCellRendererProps<GridRow, unknown, EditableCellContext>;

/** Display of every value cell: option texts, multi tags (1 + "+N"), picker labels. */
export function ValueRenderer(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  if (!column) return null;
  const type = canonicalType(column.type);
  const box =
    p.context.alwaysEdit && !column.disabled ? 'rounded border border-gray-300 bg-white px-2 py-1' : '';
  if (type === 'popup') {
    const error = popupConfigError(column);
    if (error) return <span className="text-xs text-red-500">{error}</span>;
  }
  if (isMultiType(column)) {
    const values = Array.isArray(p.value) ? p.value : [];
    const labels = [...(p.context.labels.get(key) ?? [])].map(([value, text]) => ({ value, text }));
    const { tags: shown, more } = multiTags([...labels, ...p.context.options(key)], values);
    return (
      <span className={`flex items-center gap-1 ${box}`}>
        {shown.map((t) => (
          <span key={t} className="rounded bg-blue-50 px-1 text-xs text-blue-700">
            {t}
          </span>
        ))}
        {more > 0 && <span className="text-xs text-gray-500">+{more}</span>}
        {!shown.length && <span className="text-gray-300">{column.placeholder ?? ''}</span>}
      </span>
    );
  }
  const raw = p.value == null ? '' : String(p.value);
  const text =
    type === 'select' || type === 'selectSearch' || type === 'sel_search' || type === 'sel_search_async'
      ? (p.context.labels.get(key)?.get(raw) ?? textOf(p.context.options(key), raw))
      : type === 'sel_user' || type === 'sel_depart' || type === 'sel_category'
        ? (p.context.labels.get(key)?.get(raw) ?? raw)
        : raw;
  return (
    <span
      className={`block truncate ${box}`}
      title={type === 'textarea' || type === 'input_pop' ? raw : undefined}
    >
      {text || <span className="text-gray-300">{column.placeholder ?? ''}</span>}
    </span>
  );
}

/** checkbox / checkbox_meta: toggled in place (Space on the focused cell, or a click). */
export function CheckboxRenderer(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  return (
    <input
      type="checkbox"
      aria-label={column?.title}
      className="h-4 w-4"
      checked={p.value === true}
      disabled={p.context.isDisabled(p.node, key)}
      onChange={(e) => p.context.setValue(p.node, key, e.target.checked)}
    />
  );
}

/** radio: every option inline, one chosen. */
export function RadioRenderer(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  const disabled = p.context.isDisabled(p.node, key);
  return (
    <span role="radiogroup" aria-label={column?.title} className="flex flex-wrap gap-x-2 text-sm">
      {p.context.options(key).map((o) => (
        <label key={o.value} className="inline-flex items-center gap-1">
          <input
            type="radio"
            name={`${key}-${p.node.id ?? ''}`}
            checked={String(p.value ?? '') === o.value}
            disabled={disabled || o.disabled}
            onChange={() => p.context.setValue(p.node, key, o.value)}
          />
          {o.text}
        </label>
      ))}
    </span>
  );
}

/** progress: a bar with its percentage. */
export function ProgressRenderer(p: Props) {
  const percent = Math.max(0, Math.min(100, Number(p.value) || 0));
  return (
    <span
      role="progressbar"
      aria-label={p.colDef?.headerName || '进度'}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className="flex items-center gap-2"
    >
      <span className="h-2 flex-1 rounded bg-gray-200">
        <span className="block h-2 rounded bg-[var(--primary)]" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-9 text-right text-xs">{percent}%</span>
    </span>
  );
}

/** slot: the column's own content. */
export function SlotRenderer(p: Props) {
  const column = p.context.column(colKeyOf(p));
  return p.data && column?.render ? <>{column.render(p.value, p.data)}</> : null;
}

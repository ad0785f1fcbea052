import type { CustomCellRendererProps } from 'ag-grid-react';
import { formatNumber } from '../../../../shared/format.ts';
import type { GridRow } from '../editable/types.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';

type Props = CustomCellRendererProps<GridRow, unknown, EditableCellContext>;

/**
 * popup (JeecgBoot `JPopup` in a cell): the value and a 选择 button opening the popup report; the
 * chosen row fills the row's destination fields. Enter on the focused cell opens it too.
 */
export function PopupCellRenderer(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  const disabled = p.context.isDisabled(p.node, key);
  const text = p.value == null ? '' : String(p.value);
  return (
    <span className="flex items-center gap-1">
      <span className="min-w-0 flex-1 truncate">
        {text || <span className="text-gray-300">{column?.placeholder ?? ''}</span>}
      </span>
      {!disabled && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={`选择${column?.title ?? ''}`}
          className="shrink-0 rounded border border-gray-300 px-1 text-xs text-gray-600 hover:border-[var(--primary)] hover:text-[var(--primary)]"
          onClick={() => p.context.openPopup(p.node, key)}
        >
          {column?.btnText ?? '选择'}
        </button>
      )}
    </span>
  );
}

/** A cell of a statistics row (合计 / 平均值): the plain value, never editable. */
export function StatisticCellRenderer(p: Props) {
  // spec §9: numbers shown with thousands separators
  return <span className="font-medium tabular-nums">{formatNumber(p.value)}</span>;
}

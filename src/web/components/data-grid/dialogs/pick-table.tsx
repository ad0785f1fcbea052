import { ellipsis, recordKey, type SortState } from './pick-table-model.ts';

/** A column of a picker table. */
export interface PickColumn {
  title: string;
  dataIndex: string;
  /** the header sorts the server query */
  sortable?: boolean;
  /** the text of a cell (dictionary translation…); default the raw value */
  text?(row: Record<string, unknown>): string;
}

type Row = Record<string, unknown>;

const raw = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The table of the picker dialogs: a radio (single) or checkbox (multi) per row, clicking a row
 * toggles it, sortable headers, cell text cut at `ellipsisAt` characters (full text in the tooltip).
 */
export function PickTable({
  label,
  columns,
  rows,
  rowKey = 'id',
  multi,
  selected,
  onToggle,
  sort,
  onSort,
  ellipsisAt,
  loading,
}: {
  label: string;
  columns: PickColumn[];
  rows: Row[];
  rowKey?: string;
  multi: boolean;
  selected: ReadonlySet<string>;
  onToggle(key: string, row: Row): void;
  sort?: SortState;
  onSort?(column: string): void;
  ellipsisAt: number;
  loading?: boolean;
}) {
  const name = (row: Row) => raw(row[columns[0]?.dataIndex ?? rowKey]);
  return (
    <table aria-label={label} aria-busy={loading || undefined} className="w-full border-collapse text-sm">
      <thead>
        <tr className="bg-gray-50 text-gray-600">
          <th className="w-10 border-b p-2" aria-label="选择" />
          {columns.map((c) => {
            const active = sort?.column === c.dataIndex ? sort.order : undefined;
            return (
              <th
                key={c.dataIndex}
                className="border-b p-2 text-center font-medium"
                aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
              >
                {c.sortable && onSort ? (
                  <button
                    type="button"
                    className="hover:text-[var(--primary)]"
                    onClick={() => onSort(c.dataIndex)}
                  >
                    {c.title}
                    <span className="ml-1 text-xs">
                      {active === 'asc' ? '▲' : active === 'desc' ? '▼' : '⇅'}
                    </span>
                  </button>
                ) : (
                  c.title
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="p-6 text-center text-gray-600">
              {loading ? '加载中…' : '暂无数据'}
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const key = recordKey(row, rowKey);
          const checked = selected.has(key);
          return (
            <tr
              key={key}
              aria-selected={checked}
              onClick={() => onToggle(key, row)}
              className={`cursor-pointer border-b hover:bg-gray-50 ${checked ? 'bg-[var(--primary-soft)]' : ''}`}
            >
              <td className="p-2 text-center">
                <input
                  type={multi ? 'checkbox' : 'radio'}
                  aria-label={`选择 ${name(row)}`}
                  checked={checked}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => onToggle(key, row)}
                />
              </td>
              {columns.map((c) => {
                const full = c.text ? c.text(row) : raw(row[c.dataIndex]);
                const shown = ellipsis(full, ellipsisAt);
                return (
                  <td key={c.dataIndex} className="p-2 text-center" title={shown !== full ? full : undefined}>
                    {shown}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

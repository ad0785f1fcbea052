import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { callTo } from '../../../lib/api-client.ts';
import { debouncedLoader } from '../../../lib/debounced-loader.ts';
import { GRID } from '../editable/column-defaults.ts';
import type { ColumnOption, GridRow } from '../editable/types.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

type Props = CustomCellEditorProps<GridRow, unknown, EditableCellContext>;

function useCell(p: Props) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  const draft = (value: unknown) => {
    p.onValueChange(value);
    p.context.validateDraft(p.node, key, value);
  };
  return { key, column, draft };
}

/** select / radio-like single choice on a native select (keyboard and screen readers for free). */
export function SelectEditor(p: Props) {
  const { key, column, draft } = useCell(p);
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const options = p.context.options(key);
  return (
    <select
      ref={ref}
      aria-label={column?.title}
      className="h-full w-full border-0 px-1 text-sm outline-none"
      value={p.value == null ? '' : String(p.value)}
      onChange={(e) => draft(e.target.value)}
    >
      <option value="">{column?.placeholder ?? '请选择'}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.text}
        </option>
      ))}
    </select>
  );
}

/**
 * Options of a remote dictionary search (`/sys/dict/loadDict/{code}`), debounced (spec §7: 800 ms in
 * the search select) by the shared loader, which also drops late answers to older keywords.
 */
function useRemoteOptions(dictCode: string | undefined, keyword: string, enabled: boolean) {
  const [options, setOptions] = useState<ColumnOption[]>([]);
  const loader = useMemo(
    () =>
      dictCode
        ? debouncedLoader(
            (kw: string) =>
              callTo<Array<{ value: string; text: string }>>(
                ENDPOINTS.dict.loadDict,
                { query: { keyword: kw, pageSize: 20 } },
                { dict: dictCode },
              ),
            (list) => setOptions((list ?? []).map((i) => ({ value: String(i.value), text: i.text }))),
            GRID.asyncSearchDebounceMs,
            () => setOptions([]),
          )
        : null,
    [dictCode],
  );
  useEffect(() => () => loader?.cancel(), [loader]);
  useEffect(() => {
    if (enabled) loader?.search(keyword);
  }, [loader, keyword, enabled]);
  return options;
}

/** A listbox under a search input; arrows move, Enter picks. */
function OptionList({
  label,
  options,
  active,
  selected,
  onPick,
}: {
  label: string;
  options: ColumnOption[];
  active: number;
  selected: (value: string) => boolean;
  onPick: (o: ColumnOption) => void;
}) {
  return (
    <ul role="listbox" aria-label={label} className="max-h-48 overflow-auto py-1 text-sm">
      {options.map((o, i) => (
        <li
          key={o.value}
          role="option"
          aria-selected={selected(o.value)}
          aria-disabled={o.disabled}
          className={`cursor-pointer px-2 py-1 ${i === active ? 'bg-blue-50' : ''} ${
            selected(o.value) ? 'font-medium text-[var(--primary)]' : ''
          }`}
          onMouseDown={(e) => {
            e.preventDefault();
            if (!o.disabled) onPick(o);
          }}
        >
          {o.text}
        </li>
      ))}
      {options.length === 0 && <li className="px-2 py-1 text-gray-600">无匹配项</li>}
    </ul>
  );
}

/**
 * Searchable choice: selectSearch / sel_search filter the column's options, sel_search_async asks the
 * server's dictionary search. `multiple` keeps an array (selectMultiple, list_multi).
 */
export function SearchSelectEditor(p: Props & { remote?: boolean; multiple?: boolean }) {
  const { key, column, draft } = useCell(p);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const [keyword, setKeyword] = useState(p.eventKey && p.eventKey.length === 1 ? p.eventKey : '');
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<string[]>(() =>
    Array.isArray(p.value) ? p.value.map(String) : p.value ? [String(p.value)] : [],
  );
  const remote = useRemoteOptions(column?.dictCode, keyword, Boolean(p.remote));
  const local = p.context.options(key);
  const options = useMemo(() => {
    if (p.remote) return remote;
    const kw = keyword.trim();
    return kw ? local.filter((o) => o.text.includes(kw) || o.value.includes(kw)) : local;
  }, [p.remote, remote, local, keyword]);

  const pick = (o: ColumnOption) => {
    if (p.multiple) {
      const next = values.includes(o.value) ? values.filter((v) => v !== o.value) : [...values, o.value];
      setValues(next);
      draft(next);
      return;
    }
    const labels = p.context.labels.get(key) ?? new Map<string, string>();
    labels.set(o.value, o.text);
    p.context.labels.set(key, labels);
    setValues([o.value]);
    draft(o.value);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = options.length;
      if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === ' ' && p.multiple && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Enter' && options[active] && !p.multiple) {
      pick(options[active]);
    } else if (e.key === 'Enter' && column?.allowInput && keyword && !options.length) {
      draft(keyword);
    }
  };
  return (
    <div className="w-56 rounded border border-gray-200 bg-white shadow-lg">
      <input
        ref={inputRef}
        aria-label={column?.title}
        role="combobox"
        aria-expanded
        className="w-full border-b border-gray-200 px-2 py-1 text-sm outline-none"
        placeholder={column?.placeholder ?? '搜索'}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(0);
          if (column?.allowInput && !p.multiple) draft(e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <OptionList
        label={column?.title ?? ''}
        options={options}
        active={active}
        selected={(v) => values.includes(v)}
        onPick={(o) => {
          pick(o);
          if (!p.multiple) p.stopEditing();
        }}
      />
    </div>
  );
}

/** selectMultiple / list_multi: several values held as an array. */
export const MultiSelectEditor = (p: Props) => <SearchSelectEditor {...p} multiple />;

/** sel_search_async: options searched on the server. */
export const AsyncSearchEditor = (p: Props) => <SearchSelectEditor {...p} remote />;

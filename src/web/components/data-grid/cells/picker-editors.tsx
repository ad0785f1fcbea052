import { useEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { callTo } from '../../../lib/api-client.ts';
import type { GridRow } from '../editable/types.ts';
import { colKeyOf, type EditableCellContext } from './grid-context.ts';
import { flattenDepartTree, type DepartNode, type PickItem } from './picker-items.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

type Props = CustomCellEditorProps<GridRow, unknown, EditableCellContext>;

/** Users matching a keyword (username or name), first page. */
async function searchUsers(keyword: string, store: string, text: string): Promise<PickItem[]> {
  const page = await callTo<{ records: Array<Record<string, unknown>> }>(
    ENDPOINTS.user.queryUserComponentData,
    { query: { pageNo: 1, pageSize: 10, ...(keyword ? { realname: keyword } : {}) } },
  );
  return (page?.records ?? []).map((u) => ({
    value: String(u[store] ?? ''),
    text: `${String(u[text] ?? u[store] ?? '')}${u.username && text !== 'username' ? ` (${String(u.username)})` : ''}`,
    depth: 0,
  }));
}

/** A picker over server data: a search box and a list; `multi` keeps several values. */
function PickerEditor(p: Props & { load: (keyword: string) => Promise<PickItem[]> }) {
  const key = colKeyOf(p);
  const column = p.context.column(key);
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<PickItem[]>([]);
  /** the keyword `items` answer (null before the first answer) */
  const [itemsFor, setItemsFor] = useState<string | null>(null);
  /** Enter pressed before the items of the typed keyword came: their first is picked on arrival */
  const pickWhenLoaded = useRef(false);
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<string[]>(() =>
    Array.isArray(p.value) ? p.value.map(String) : p.value ? [String(p.value)] : [],
  );
  const { load } = p;
  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    let live = true;
    const answer = (list: PickItem[]) => {
      if (!live) return;
      setItems(list);
      setItemsFor(keyword);
      if (pickWhenLoaded.current) {
        pickWhenLoaded.current = false;
        if (list[0]) pickRef.current(list[0]);
      }
    };
    const timer = setTimeout(() => {
      load(keyword)
        .then(answer)
        .catch(() => answer([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, load]);

  const pick = (item: PickItem) => {
    const labels = p.context.labels.get(key) ?? new Map<string, string>();
    labels.set(item.value, item.text.replace(/ \(.*\)$/, ''));
    p.context.labels.set(key, labels);
    const next = column?.multi
      ? values.includes(item.value)
        ? values.filter((v) => v !== item.value)
        : [...values, item.value]
      : [item.value];
    setValues(next);
    const value = column?.multi ? next : item.value;
    p.onValueChange(value);
    p.context.validateDraft(p.node, key, value);
    if (!column?.multi) p.stopEditing();
  };
  const pickRef = useRef(pick);
  pickRef.current = pick;
  return (
    <div className="w-64 rounded border border-gray-200 bg-white shadow-lg">
      <input
        ref={inputRef}
        role="combobox"
        aria-expanded
        aria-label={column?.title}
        className="w-full border-b border-gray-200 px-2 py-1 text-sm outline-none"
        placeholder="搜索"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const n = items.length;
            if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
          } else if (e.key === 'Enter' || (e.key === ' ' && column?.multi)) {
            if (itemsFor !== keyword) {
              // the list still shows an earlier search: pick from the one being typed for
              e.preventDefault();
              e.stopPropagation();
              pickWhenLoaded.current = true;
            } else if (items[active]) {
              if (column?.multi) e.preventDefault();
              pick(items[active]);
            }
          }
        }}
      />
      <ul role="listbox" aria-label={column?.title} className="max-h-56 overflow-auto py-1 text-sm">
        {items.map((item, i) => (
          <li
            key={item.value}
            role="option"
            aria-selected={values.includes(item.value)}
            style={{ paddingLeft: 8 + item.depth * 12 }}
            className={`cursor-pointer py-1 pr-2 ${i === active ? 'bg-blue-50' : ''} ${
              values.includes(item.value) ? 'font-medium text-[var(--primary)]' : ''
            }`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(item);
            }}
          >
            {item.text}
          </li>
        ))}
        {items.length === 0 && <li className="px-2 py-1 text-gray-600">无匹配项</li>}
      </ul>
    </div>
  );
}

/** sel_user / userSelect: users from `/sys/user/queryUserComponentData` (stores `store`, default username). */
export function UserSelectEditor(p: Props) {
  const column = p.context.column(colKeyOf(p));
  const store = column?.store ?? 'username';
  const text = column?.text ?? 'realname';
  const [load] = useState(() => (kw: string) => searchUsers(kw, store, text));
  return <PickerEditor {...p} load={load} />;
}

/** sel_depart / departSelect: the department tree of `/sys/sysDepart/queryIdTree` (stores the id). */
export function DepartSelectEditor(p: Props) {
  const [load] = useState(() => {
    let tree: Promise<DepartNode[]> | null = null;
    return async (kw: string) => {
      tree ??= callTo<DepartNode[]>(ENDPOINTS.depart.queryIdTree);
      return flattenDepartTree((await tree) ?? [], kw);
    };
  });
  return <PickerEditor {...p} load={load} />;
}

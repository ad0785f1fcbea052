/**
 * The user picker (spec's 1200 picker, `queryUserComponentData`): a button showing the chosen users,
 * opening a search over users, paged, narrowed to a department (the department tree select).
 * Keyboard: ↓/↑ move, Enter picks (several: toggles), PageDown/PageUp turn pages, Esc closes.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { debouncedLoader } from '../../lib/debounced-loader.ts';
import { PickerShell } from './picker-shell.tsx';
import { pickValue } from './lazy-tree.ts';
import { departSource, userPage, userTexts, type PickUser } from './sources.ts';
import { TreeSelect } from './tree-select.tsx';

const PAGE_SIZE = 10;

export interface UserPickerProps {
  label: string;
  /** chosen user id(s), comma-joined */
  value: string;
  onChange(value: string): void;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  autoOpen?: boolean;
  onClose?(): void;
  /** only users of this department (no department filter shown) */
  departId?: string;
}

export function UserPicker(p: UserPickerProps) {
  const uid = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(!!p.autoOpen);
  const [keyword, setKeyword] = useState('');
  const [chosenDepart, setDepartId] = useState('');
  const departId = p.departId ?? chosenDepart;
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<{ records: PickUser[]; total: number } | null>(null);
  const [active, setActive] = useState(0);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const ids = useMemo(() => p.value.split(',').filter(Boolean), [p.value]);

  useEffect(() => {
    const unknown = ids.filter((id) => !names.has(id));
    if (!unknown.length) return;
    let live = true;
    userTexts(unknown)
      .then((m) => live && setNames((n) => new Map([...n, ...m])))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ids, names]);

  /** Enter came while a search was on its way: its first user is picked when it answers */
  const pickFirst = useRef(false);
  const pickRef = useRef<(u: PickUser) => void>(() => undefined);
  const loader = useMemo(
    () =>
      debouncedLoader(
        (q: string) => {
          const { kw, dept, no } = JSON.parse(q) as { kw: string; dept: string; no: number };
          return userPage({ pageNo: no, pageSize: PAGE_SIZE, keyword: kw, departId: dept });
        },
        (r) => {
          setPage(r);
          setActive(0);
          // Enter pressed while this page was on its way picks its first user
          if (pickFirst.current) {
            pickFirst.current = false;
            const first = r.records[0];
            if (first) pickRef.current(first);
          }
        },
      ),
    [],
  );
  useEffect(() => () => loader.cancel(), [loader]);
  useEffect(() => {
    if (open) loader.search(JSON.stringify({ kw: keyword.trim(), dept: departId, no: pageNo }));
  }, [open, keyword, departId, pageNo, loader]);
  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const records = page?.records ?? [];
  const pages = Math.max(1, Math.ceil((page?.total ?? 0) / PAGE_SIZE));
  const close = (refocus = true) => {
    setOpen(false);
    loader.cancel();
    if (refocus) trigger.current?.focus();
    p.onClose?.();
  };
  const pick = (u: PickUser) => {
    setNames((n) => new Map(n).set(u.id, u.realname || u.username));
    p.onChange(pickValue(p.value, u.id, !!p.multiple));
    if (!p.multiple) close();
  };
  pickRef.current = pick;
  const shown = ids.map((id) => names.get(id) ?? id).join('，');
  const optionId = (i: number) => `${uid}-u${i}`;

  return (
    <PickerShell
      label={p.label}
      id={p.id}
      disabled={p.disabled}
      aria-invalid={p['aria-invalid']}
      aria-describedby={p['aria-describedby']}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      shown={shown}
      hasValue={ids.length > 0}
      onClear={() => p.onChange('')}
      trigger={trigger}
      popupClassName="absolute z-50 mt-1 w-80 max-w-[90vw] space-y-1 rounded border border-gray-200 bg-white p-2 shadow-lg"
      onPopupKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      {!p.departId && (
        <TreeSelect
          label="部门"
          value={departId}
          source={departSource}
          onChange={(v) => {
            setDepartId(v);
            setPageNo(1);
          }}
        />
      )}
      <input
        ref={search}
        role="combobox"
        aria-label={`搜索${p.label}`}
        aria-expanded
        aria-controls={`${uid}-list`}
        aria-activedescendant={records[active] ? optionId(active) : undefined}
        placeholder="输入姓名搜索"
        className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setPageNo(1);
        }}
        onKeyDown={(e) => {
          const n = records.length;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (n) setActive((a) => Math.min(Math.max(a + (e.key === 'ArrowDown' ? 1 : -1), 0), n - 1));
          } else if (e.key === 'PageDown' || e.key === 'PageUp') {
            e.preventDefault();
            setPageNo((no) => Math.min(Math.max(no + (e.key === 'PageDown' ? 1 : -1), 1), pages));
          } else if (e.key === 'Enter' && loader.pending()) {
            e.preventDefault();
            e.stopPropagation();
            pickFirst.current = true;
          } else if (e.key === 'Enter' && records[active]) {
            e.preventDefault();
            e.stopPropagation();
            pick(records[active]);
          }
        }}
      />
      <ul
        id={`${uid}-list`}
        role="listbox"
        aria-label={p.label}
        aria-multiselectable={p.multiple || undefined}
        className="max-h-64 overflow-auto text-sm"
      >
        {records.map((u, i) => (
          <li
            key={u.id}
            id={optionId(i)}
            role="option"
            aria-selected={ids.includes(u.id)}
            className={`cursor-pointer px-2 py-1 ${i === active ? 'bg-blue-50' : ''} ${
              ids.includes(u.id) ? 'font-medium text-[var(--primary)]' : ''
            }`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(u);
            }}
          >
            {u.realname || u.username} <span className="text-gray-600">({u.username})</span>
          </li>
        ))}
        {page && records.length === 0 && (
          <li role="none" className="px-2 py-1 text-gray-600">
            无匹配项
          </li>
        )}
      </ul>
      <div className="flex items-center justify-between text-xs text-gray-600">
        <span>
          第 {pageNo} / {pages} 页，共 {page?.total ?? 0} 人
        </span>
        <span className="flex gap-1">
          <button type="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            上一页
          </button>
          <button type="button" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            下一页
          </button>
        </span>
      </div>
    </PickerShell>
  );
}

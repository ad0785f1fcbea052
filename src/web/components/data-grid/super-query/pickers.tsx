import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Input } from '../../ui.tsx';
import { flattenDeparts } from './depart-options.ts';
import { departIdTreeQuery, userSearchQuery } from './picker-queries.ts';

const asList = (v: string | string[]): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/** Options as a list of checkboxes (the `in` editor of a dictionary or department field). */
export function CheckList({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: string; text: string; depth?: number }>;
  value: string | string[];
  onChange(v: string[]): void;
}) {
  const picked = asList(value);
  return (
    <div
      role="group"
      aria-label={label}
      className="max-h-32 min-w-0 flex-1 overflow-y-auto rounded border border-gray-300 px-2 py-1 text-sm"
    >
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-1" style={{ paddingLeft: (o.depth ?? 0) * 12 }}>
          <input
            type="checkbox"
            checked={picked.includes(o.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...picked, o.value] : picked.filter((p) => p !== o.value))
            }
          />
          {o.text}
        </label>
      ))}
      {options.length === 0 && <span className="text-gray-600">无可选项</span>}
    </div>
  );
}

/** Department picker over `/sys/sysDepart/queryIdTree`; the value is the department id. */
export function DepartPicker({
  label,
  value,
  multiple,
  onChange,
}: {
  label: string;
  value: string | string[];
  multiple: boolean;
  onChange(v: string | string[]): void;
}) {
  const { data } = useQuery(departIdTreeQuery());
  const options = flattenDeparts(data).map((d) => ({ value: d.id, text: d.title, depth: d.depth }));
  if (multiple) return <CheckList label={label} options={options} value={value} onChange={onChange} />;
  return (
    <select
      aria-label={label}
      className="min-w-0 flex-1 rounded border border-gray-300 p-1 text-sm"
      value={Array.isArray(value) ? (value[0] ?? '') : value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">请选择部门</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {'\u3000'.repeat(o.depth)}
          {o.text}
        </option>
      ))}
    </select>
  );
}

/**
 * User picker: type part of a real name, pick with ↑↓ and Enter (or a click); the value is the
 * username. Enter with no list open is left to the dialog (it runs 查询).
 */
export function UserPicker({
  label,
  value,
  multiple,
  onChange,
}: {
  label: string;
  value: string | string[];
  multiple: boolean;
  onChange(v: string | string[]): void;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [active, setActive] = useState(0);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const { data: found = [] } = useQuery(userSearchQuery(debounced));
  const open = text.trim() !== '' && debounced === text.trim() && found.length > 0;
  const picked = asList(value);

  const pick = (i: number) => {
    const u = found[i];
    if (!u) return;
    setNames((n) => ({ ...n, [u.username]: u.realname ?? u.username }));
    onChange(multiple ? [...picked.filter((p) => p !== u.username), u.username] : u.username);
    setText('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + found.length) % found.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(active);
    }
  };

  return (
    <div className="relative flex min-w-0 flex-1 flex-wrap items-center gap-1">
      {picked.map((p) => (
        <span key={p} className="inline-flex items-center gap-1 rounded bg-gray-100 px-1 text-xs">
          {names[p] ? `${names[p]}（${p}）` : p}
          <button
            type="button"
            aria-label={`移除 ${p}`}
            className="text-gray-500"
            onClick={() => onChange(multiple ? picked.filter((x) => x !== p) : '')}
          >
            ×
          </button>
        </span>
      ))}
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        className="min-w-24 flex-1"
        placeholder="输入姓名搜索用户"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label}候选`}
          className="absolute left-0 top-full z-10 mt-1 max-h-48 w-full overflow-y-auto rounded border bg-white text-sm shadow"
        >
          {found.map((u, i) => (
            <li
              key={u.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-2 py-1 ${i === active ? 'bg-blue-50' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(i);
              }}
            >
              {u.realname}（{u.username}）
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

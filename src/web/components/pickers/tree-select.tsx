/**
 * A tree select over a lazily loaded tree (departments: spec's 500 picker; 分类字典: the category
 * tree-select): a button showing the chosen nodes' path text, opening a search box over a tree.
 * Keyboard: ↓/↑/Home/End move, → expands (children load then), ← collapses or goes to the parent,
 * Enter picks (several: toggles), typing searches (debounced), Esc closes and gives focus back.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { debouncedLoader } from '../../lib/debounced-loader.ts';
import {
  collapse,
  emptyTree,
  expand,
  pathText,
  pickValue,
  treeKey,
  visibleRows,
  withChildren,
  withRoots,
  type LazyTreeState,
  type PickNode,
  type TreeRowView,
} from './lazy-tree.ts';
import type { TreeSource } from './sources.ts';
import { PickerShell } from './picker-shell.tsx';

export interface TreeSelectProps {
  label: string;
  /** chosen id(s), comma-joined */
  value: string;
  onChange(value: string): void;
  source: TreeSource;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** open at once (a grid cell's editor) */
  autoOpen?: boolean;
  /** closed by Esc, Tab or a single pick (a grid cell's editor stops editing) */
  onClose?(): void;
}

export function TreeSelect(p: TreeSelectProps) {
  const { source } = p;
  const uid = useId();
  const treeId = `${uid}-tree`;
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(!!p.autoOpen);
  const [tree, setTree] = useState<LazyTreeState>(emptyTree);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Array<PickNode & { path: string }> | null>(null);
  const [active, setActive] = useState(0);
  const [texts, setTexts] = useState<Map<string, string>>(new Map());
  const ids = useMemo(() => p.value.split(',').filter(Boolean), [p.value]);

  // names of the chosen ids not known yet (a loaded record)
  useEffect(() => {
    const unknown = ids.filter((id) => !texts.has(id) && !tree.nodes[id]);
    if (!unknown.length) return;
    let live = true;
    source
      .texts(unknown)
      .then((m) => live && setTexts((t) => new Map([...t, ...m])))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ids, source, texts, tree.nodes]);

  useEffect(() => {
    if (!open || tree.roots) return;
    source
      .roots()
      .then((roots) => setTree((s) => withRoots(s, roots)))
      .catch(() => setTree((s) => withRoots(s, [])));
  }, [open, source, tree.roots]);

  /** Enter came while a search was on its way: its first node is picked when it answers */
  const pickFirst = useRef(false);
  const pickRef = useRef<(node: PickNode, path: string) => void>(() => undefined);
  const loader = useMemo(
    () =>
      debouncedLoader(
        (kw: string) => source.search(kw),
        (list) => {
          setFound(list);
          setActive(0);
          // Enter pressed while this answer was on its way picks its first node
          if (pickFirst.current) {
            pickFirst.current = false;
            if (list[0]) pickRef.current(list[0], list[0].path);
          }
        },
      ),
    [source],
  );
  useEffect(() => () => loader.cancel(), [loader]);
  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const rows: TreeRowView[] = found
    ? found.map((n) => ({ node: { ...n, title: n.path }, depth: 0, expanded: false }))
    : visibleRows(tree);
  const textOf = (id: string) =>
    texts.get(id) ??
    (tree.nodes[id] ? pathText(tree.nodes, id) : (found?.find((n) => n.id === id)?.path ?? id));
  const shown = ids.map(textOf).join('，');

  const close = (refocus = true) => {
    setOpen(false);
    setKeyword('');
    setFound(null);
    loader.cancel();
    if (refocus) trigger.current?.focus();
    p.onClose?.();
  };
  const doExpand = (id: string) => {
    const { state, needsLoad } = expand(tree, id);
    setTree(state);
    if (needsLoad)
      source
        .children(id)
        .then((kids) => setTree((s) => withChildren(s, id, kids)))
        .catch(() => setTree((s) => withChildren(s, id, [])));
  };
  const pick = (node: PickNode, path: string) => {
    setTexts((t) => new Map(t).set(node.id, path));
    p.onChange(pickValue(p.value, node.id, !!p.multiple));
    if (!p.multiple) close();
  };
  pickRef.current = pick;
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      return close();
    }
    // Enter while a search is on its way picks its answer's first node, even when nothing is
    // listed yet (the tree's roots still loading on a slow line)
    if (e.key === 'Enter' && loader.pending()) {
      e.preventDefault();
      e.stopPropagation();
      pickFirst.current = true;
      return;
    }
    const action = treeKey(rows, active, e.key);
    if (action.kind === 'none') return;
    e.preventDefault();
    e.stopPropagation();
    if (action.kind === 'move') setActive(action.to);
    else if (action.kind === 'expand') doExpand(action.id);
    else if (action.kind === 'collapse') setTree(collapse(tree, action.id));
    else {
      const row = rows[active]!;
      pick(row.node, found ? row.node.title : pathText(tree.nodes, row.node.id));
    }
  };
  const optionId = (i: number) => `${uid}-n${i}`;

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
      popupClassName="absolute z-50 mt-1 w-72 max-w-[90vw] rounded border border-gray-200 bg-white shadow-lg"
    >
      <input
        ref={search}
        role="combobox"
        aria-label={`搜索${p.label}`}
        aria-haspopup="tree"
        aria-expanded
        aria-controls={treeId}
        aria-activedescendant={rows[active] ? optionId(active) : undefined}
        placeholder="输入名称搜索"
        className="w-full border-b border-gray-200 px-2 py-1 text-sm outline-none"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          if (e.target.value.trim()) loader.search(e.target.value.trim());
          else {
            loader.cancel();
            setFound(null);
            setActive(0);
          }
        }}
        onKeyDown={onKey}
      />
      <ul
        role="tree"
        id={treeId}
        aria-label={p.label}
        aria-multiselectable={p.multiple || undefined}
        className="max-h-[400px] overflow-auto py-1 text-sm"
      >
        {rows.map((r, i) => (
          <li
            key={r.node.id}
            id={optionId(i)}
            role="treeitem"
            aria-level={r.depth + 1}
            aria-expanded={r.node.isLeaf ? undefined : r.expanded}
            aria-selected={ids.includes(r.node.id)}
            style={{ paddingLeft: 8 + r.depth * 16 }}
            className={`flex cursor-pointer items-center gap-1 py-1 pr-2 ${i === active ? 'bg-blue-50' : ''} ${
              ids.includes(r.node.id) ? 'font-medium text-[var(--primary)]' : ''
            }`}
            onMouseDown={(e) => {
              e.preventDefault();
              setActive(i);
              pick(r.node, found ? r.node.title : pathText(tree.nodes, r.node.id));
            }}
          >
            <span
              aria-hidden="true"
              className="inline-block w-4 text-center text-gray-600"
              onMouseDown={(e) => {
                if (r.node.isLeaf) return;
                e.preventDefault();
                e.stopPropagation();
                if (r.expanded) setTree(collapse(tree, r.node.id));
                else doExpand(r.node.id);
              }}
            >
              {r.node.isLeaf ? '' : r.expanded ? '▾' : '▸'}
            </span>
            {r.node.title}
            {tree.loading.includes(r.node.id) && <span className="text-gray-600">加载中…</span>}
          </li>
        ))}
        {rows.length === 0 && (
          <li role="none" className="px-2 py-1 text-gray-600">
            {tree.roots || found ? '无匹配项' : '加载中…'}
          </li>
        )}
      </ul>
    </PickerShell>
  );
}

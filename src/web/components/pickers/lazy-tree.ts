/**
 * The state of a lazily loaded tree picker (department 500, category tree-select), without React:
 * the nodes loaded so far, which are expanded, the rows shown in order, the keyboard's moves and a
 * node's path text. Children are loaded when a node is first expanded.
 */

/** A node as the pickers' endpoints give it (queryDepartTreeSync, loadTreeRoot/loadTreeChildren). */
export interface PickNode {
  id: string;
  title: string;
  parentId: string;
  isLeaf: boolean;
}

export interface LazyTreeState {
  roots: string[] | null;
  nodes: Record<string, PickNode>;
  /** child ids of loaded nodes */
  children: Record<string, string[]>;
  expanded: string[];
  /** nodes whose children are being loaded */
  loading: string[];
}

export const emptyTree = (): LazyTreeState => ({
  roots: null,
  nodes: {},
  children: {},
  expanded: [],
  loading: [],
});

/** One shown row: a node with its depth. */
export interface TreeRowView {
  node: PickNode;
  depth: number;
  expanded: boolean;
}

const addNodes = (s: LazyTreeState, list: readonly PickNode[]) => ({
  ...s.nodes,
  ...Object.fromEntries(list.map((n) => [n.id, n])),
});

export function withRoots(s: LazyTreeState, roots: readonly PickNode[]): LazyTreeState {
  return { ...s, roots: roots.map((n) => n.id), nodes: addNodes(s, roots) };
}

export function withChildren(s: LazyTreeState, parent: string, kids: readonly PickNode[]): LazyTreeState {
  return {
    ...s,
    nodes: addNodes(s, kids),
    children: { ...s.children, [parent]: kids.map((n) => n.id) },
    loading: s.loading.filter((id) => id !== parent),
  };
}

/** Expand a node; `needsLoad` tells the caller to load its children. */
export function expand(s: LazyTreeState, id: string): { state: LazyTreeState; needsLoad: boolean } {
  const node = s.nodes[id];
  if (!node || node.isLeaf || s.expanded.includes(id)) return { state: s, needsLoad: false };
  const needsLoad = !s.children[id] && !s.loading.includes(id);
  return {
    state: { ...s, expanded: [...s.expanded, id], loading: needsLoad ? [...s.loading, id] : s.loading },
    needsLoad,
  };
}

export const collapse = (s: LazyTreeState, id: string): LazyTreeState => ({
  ...s,
  expanded: s.expanded.filter((x) => x !== id),
});

/** The rows shown, depth first, children of expanded nodes under them. */
export function visibleRows(s: LazyTreeState): TreeRowView[] {
  const out: TreeRowView[] = [];
  const walk = (ids: readonly string[], depth: number) => {
    for (const id of ids) {
      const node = s.nodes[id];
      if (!node) continue;
      const expanded = s.expanded.includes(id);
      out.push({ node, depth, expanded });
      if (expanded && depth < 30) walk(s.children[id] ?? [], depth + 1);
    }
  };
  walk(s.roots ?? [], 0);
  return out;
}

/** What a key does on the active row (WAI-ARIA tree pattern). */
export type TreeKeyAction =
  | { kind: 'move'; to: number }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'pick'; id: string }
  | { kind: 'none' };

export function treeKey(rows: readonly TreeRowView[], active: number, key: string): TreeKeyAction {
  const row = rows[active];
  const last = rows.length - 1;
  switch (key) {
    case 'ArrowDown':
      return rows.length ? { kind: 'move', to: Math.min(active + 1, last) } : { kind: 'none' };
    case 'ArrowUp':
      return rows.length ? { kind: 'move', to: Math.max(active - 1, 0) } : { kind: 'none' };
    case 'Home':
      return rows.length ? { kind: 'move', to: 0 } : { kind: 'none' };
    case 'End':
      return rows.length ? { kind: 'move', to: last } : { kind: 'none' };
    case 'ArrowRight':
      if (!row || row.node.isLeaf) return { kind: 'none' };
      return row.expanded
        ? { kind: 'move', to: Math.min(active + 1, last) }
        : { kind: 'expand', id: row.node.id };
    case 'ArrowLeft': {
      if (!row) return { kind: 'none' };
      if (row.expanded) return { kind: 'collapse', id: row.node.id };
      const parent = rows.findIndex((r) => r.node.id === row.node.parentId);
      return parent >= 0 ? { kind: 'move', to: parent } : { kind: 'none' };
    }
    case 'Enter':
      return row ? { kind: 'pick', id: row.node.id } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** A node's path from its root (`上级 / 下级`), from the nodes known; its own title at least. */
export function pathText(nodes: Record<string, PickNode>, id: string, sep = ' / '): string {
  const parts: string[] = [];
  let cur: PickNode | undefined = nodes[id];
  for (let i = 0; cur && i < 30; i++) {
    parts.unshift(cur.title);
    cur = cur.parentId ? nodes[cur.parentId] : undefined;
  }
  return parts.join(sep);
}

/** Toggle a value in a multi picker, or replace it in a single one; values are comma-joined. */
export function pickValue(current: string, id: string, multiple: boolean): string {
  if (!multiple) return id;
  const ids = current.split(',').filter(Boolean);
  return (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]).join(',');
}

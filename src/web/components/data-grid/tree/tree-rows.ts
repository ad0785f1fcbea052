/**
 * The lazy tree table as pure state (spec §3, §4, §7, §8). AG Grid Community has no tree data, so
 * the tree is kept here and flattened into plain rows carrying their depth; a row with children
 * first shows a `loading...` child and loads its children on expand; none returned removes them.
 */

/** Text of the placeholder child shown while a row's children load. */
export const LOADING_TEXT = 'loading...';
/** Spec §8: a tree-table response that is neither a list nor a page. */
export const TREE_DATA_TYPE_ERROR = '返回数据类型不识别';
/** Default name of the parent key parameter of a children request (spec §7). */
export const DEFAULT_PARENT_KEY = 'parentId';

/** A record of a tree table as the server sends it (spec §3: id, hasChildren, children). */
export interface TreeRecord {
  id: string;
  hasChildren?: boolean;
  [key: string]: unknown;
}

/** What the model knows of one loaded record. */
export interface TreeNode<T extends TreeRecord> {
  record: T;
  parentId: string | null;
  /** still believed to have children (false once a load returned none) */
  hasChildren: boolean;
  /** child ids in server order; null while not loaded */
  children: string[] | null;
  expanded: boolean;
  loading: boolean;
}

/** The whole tree: root ids in order and every loaded node by id. */
export interface TreeState<T extends TreeRecord> {
  roots: string[];
  nodes: ReadonlyMap<string, TreeNode<T>>;
}

/** A visible row of the flattened tree. */
export type TreeRow<T extends TreeRecord> =
  | {
      kind: 'node';
      id: string;
      depth: number;
      parentId: string | null;
      record: T;
      expandable: boolean;
      expanded: boolean;
      loading: boolean;
    }
  | { kind: 'loading'; id: string; depth: number; parentId: string };

/** A state change that may need the children of `load` fetched. */
export interface TreeStep<T extends TreeRecord> {
  state: TreeState<T>;
  /** id whose children must now be requested */
  load?: string;
}

/** A failed tree load: the message to show (spec §8 or the server's). */
export class TreeLoadError extends Error {}

/** The empty tree. */
export const emptyTree = <T extends TreeRecord>(): TreeState<T> => ({ roots: [], nodes: new Map() });

const nodeOf = <T extends TreeRecord>(record: T, parentId: string | null): TreeNode<T> => ({
  record,
  parentId,
  hasChildren: record.hasChildren === true,
  children: null,
  expanded: false,
  loading: false,
});

/** The records a response already nested under `record` (a whole tree in one answer), else null. */
const nestedOf = <T extends TreeRecord>(record: T): T[] | null =>
  Array.isArray(record.children) && record.children.length > 0 && record.children.every((c) => hasId(c))
    ? (record.children as T[])
    : null;

/**
 * The tree holding `records` as its (collapsed) roots. Records whose `children` came nested in the
 * same answer (a whole tree, e.g. queryTreeList) are loaded already: they expand without a request.
 */
export function treeOf<T extends TreeRecord>(records: T[]): TreeState<T> {
  const nodes = new Map<string, TreeNode<T>>();
  const roots: string[] = [];
  const add = (r: T, parentId: string | null): boolean => {
    if (nodes.has(r.id)) return false;
    const nested = nestedOf(r);
    const node = nodeOf(r, parentId);
    nodes.set(r.id, node);
    if (nested) {
      const ids = nested
        .map((c) => ({ ...c, id: String(c.id) }))
        .filter((c) => add(c, r.id))
        .map((c) => c.id);
      nodes.set(r.id, { ...node, hasChildren: ids.length > 0, children: ids });
    }
    return true;
  };
  for (const r of records) if (add(r, null)) roots.push(r.id);
  return { roots, nodes };
}

/**
 * `next` with the rows open that were open in `prev`, where `next` has their children loaded
 * already (a reloaded whole tree); rows still to load stay collapsed.
 */
export function keepExpanded<T extends TreeRecord>(next: TreeState<T>, prev: TreeState<T>): TreeState<T> {
  let nodes: Map<string, TreeNode<T>> | null = null;
  for (const [id, old] of prev.nodes) {
    const n = next.nodes.get(id);
    if (!old.expanded || !n || n.expanded || n.children === null || !n.hasChildren) continue;
    nodes ??= new Map(next.nodes);
    nodes.set(id, { ...n, expanded: true });
  }
  return nodes ? { roots: next.roots, nodes } : next;
}

function update<T extends TreeRecord>(
  state: TreeState<T>,
  id: string,
  change: (n: TreeNode<T>) => TreeNode<T>,
): TreeState<T> {
  const node = state.nodes.get(id);
  if (!node) return state;
  const nodes = new Map(state.nodes);
  nodes.set(id, change(node));
  return { roots: state.roots, nodes };
}

/** Remove every descendant of `id` from `nodes` (in place on a copy the caller owns). */
function dropDescendants<T extends TreeRecord>(nodes: Map<string, TreeNode<T>>, id: string): void {
  for (const child of nodes.get(id)?.children ?? []) {
    dropDescendants(nodes, child);
    nodes.delete(child);
  }
}

/** Expand `id`: shows its children, or the loading child and asks for a load the first time. */
export function expandNode<T extends TreeRecord>(state: TreeState<T>, id: string): TreeStep<T> {
  const node = state.nodes.get(id);
  if (!node?.hasChildren || node.expanded) return { state };
  if (node.children !== null || node.loading)
    return { state: update(state, id, (n) => ({ ...n, expanded: true })) };
  return { state: update(state, id, (n) => ({ ...n, expanded: true, loading: true })), load: id };
}

/** Collapse `id` (its loaded children are kept for the next expand). */
export function collapseNode<T extends TreeRecord>(state: TreeState<T>, id: string): TreeState<T> {
  const node = state.nodes.get(id);
  return node?.expanded ? update(state, id, (n) => ({ ...n, expanded: false })) : state;
}

/** Expand a collapsed row, collapse an expanded one. */
export function toggleNode<T extends TreeRecord>(state: TreeState<T>, id: string): TreeStep<T> {
  return state.nodes.get(id)?.expanded ? { state: collapseNode(state, id) } : expandNode(state, id);
}

/**
 * The children of `parentId` arrived. None: the row no longer has children (its toggle and the
 * loading child go). Otherwise they replace whatever was loaded under it before.
 */
export function receiveChildren<T extends TreeRecord>(
  state: TreeState<T>,
  parentId: string,
  records: T[],
): TreeState<T> {
  if (!state.nodes.has(parentId)) return state;
  const nodes = new Map(state.nodes);
  dropDescendants(nodes, parentId);
  const parent = nodes.get(parentId)!;
  const ids: string[] = [];
  for (const r of records) {
    if (nodes.has(r.id)) continue;
    nodes.set(r.id, nodeOf(r, parentId));
    ids.push(r.id);
  }
  nodes.set(
    parentId,
    ids.length === 0
      ? { ...parent, hasChildren: false, children: [], expanded: false, loading: false }
      : { ...parent, hasChildren: true, children: ids, loading: false },
  );
  return { roots: state.roots, nodes };
}

/** A children load failed: the row collapses and will load again on the next expand. */
export function loadFailed<T extends TreeRecord>(state: TreeState<T>, id: string): TreeState<T> {
  return update(state, id, (n) => ({ ...n, loading: false, expanded: false, children: null }));
}

/**
 * Reload `id` from the server: its loaded descendants are forgotten; an expanded row shows the
 * loading child again and asks for a load, a collapsed one loads on its next expand.
 */
export function reloadNode<T extends TreeRecord>(state: TreeState<T>, id: string): TreeStep<T> {
  const node = state.nodes.get(id);
  if (!node) return { state };
  const nodes = new Map(state.nodes);
  dropDescendants(nodes, id);
  const load = node.expanded;
  nodes.set(id, { ...node, hasChildren: true, children: null, loading: load });
  return { state: { roots: state.roots, nodes }, ...(load ? { load: id } : {}) };
}

/** The visible rows, depth first: expanded rows show their children or the loading child. */
export function flattenTree<T extends TreeRecord>(state: TreeState<T>): Array<TreeRow<T>> {
  const out: Array<TreeRow<T>> = [];
  const visit = (id: string, depth: number) => {
    const n = state.nodes.get(id);
    if (!n) return;
    out.push({
      kind: 'node',
      id,
      depth,
      parentId: n.parentId,
      record: n.record,
      expandable: n.hasChildren,
      expanded: n.expanded,
      loading: n.loading,
    });
    if (!n.expanded) return;
    if (n.children === null)
      out.push({ kind: 'loading', id: `${id}_loadChild`, depth: depth + 1, parentId: id });
    else for (const c of n.children) visit(c, depth + 1);
  };
  for (const id of state.roots) visit(id, 0);
  return out;
}

/** How a tree table asks for one level (spec §7). */
export interface TreeQueryOptions {
  /** name of the parent key parameter (default `parentId`) */
  parentKey?: string;
  /** extra condition, sent as a JSON string in `condition` */
  condition?: string | Record<string, unknown>;
  /** further parameters (the roots' search) */
  params?: Record<string, string | number | undefined>;
}

/** Query parameters of a request for the children of `parentId` ('' for the roots). */
export function childrenQuery(parentId: string, opts: TreeQueryOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.params ?? {}))
    if (v !== undefined && String(v).trim() !== '') out[k] = String(v);
  out[opts.parentKey || DEFAULT_PARENT_KEY] = parentId;
  const { condition } = opts;
  if (condition !== undefined && condition !== '')
    out.condition = typeof condition === 'string' ? condition : JSON.stringify(condition);
  return out;
}

/**
 * The records of a tree-table response: `result` as a list or a page (`result.records`). A
 * business failure throws its message; anything else throws 返回数据类型不识别.
 */
export function parseTreeResponse<T extends TreeRecord>(body: unknown): T[] {
  const res = body as { success?: unknown; message?: unknown; result?: unknown } | null;
  if (res && typeof res === 'object' && res.success === false)
    throw new TreeLoadError(typeof res.message === 'string' && res.message ? res.message : '操作失败');
  const result = res && typeof res === 'object' ? res.result : undefined;
  const list = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : null;
  if (!list || !list.every(hasId)) throw new TreeLoadError(TREE_DATA_TYPE_ERROR);
  return list.map((r) => (typeof r.id === 'string' ? r : { ...r, id: String(r.id) })) as T[];
}

/** A record with a usable id (numeric ids are read as strings). */
const hasId = (x: unknown): x is { id: string | number } => {
  const id = typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : undefined;
  return (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
};

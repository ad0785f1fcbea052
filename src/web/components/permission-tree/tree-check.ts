/**
 * The check logic of the authorisation tree (pure: the drawer renders it, tests read it). The
 * checked set is exactly what is saved. With 父子关联 checking a node checks everything below it
 * and the menus above it (a page without its menu cannot be reached); unchecking takes everything
 * below it too. With 取消关联 only the node changes. A `disabled` node (a permission the caller may
 * not grant) is never added by a cascade; one already granted may still be taken away.
 */
import { flattenTree, type RoleTreeNode } from '../../../shared/role.ts';

/** Lookups of one tree, built once per tree. */
export interface TreeIndex {
  all: RoleTreeNode[];
  byKey: Map<string, RoleTreeNode>;
}

export function indexTree(nodes: readonly RoleTreeNode[]): TreeIndex {
  const all = flattenTree(nodes);
  return { all, byKey: new Map(all.map((n) => [n.key, n])) };
}

const ancestors = (index: TreeIndex, node: RoleTreeNode): RoleTreeNode[] => {
  const out: RoleTreeNode[] = [];
  for (let p = index.byKey.get(node.parentId ?? ''); p; p = index.byKey.get(p.parentId ?? '')) out.push(p);
  return out;
};

/** The checked set after toggling one node. */
export function toggleCheck(
  index: TreeIndex,
  checked: ReadonlySet<string>,
  key: string,
  linked: boolean,
): Set<string> {
  const node = index.byKey.get(key);
  const next = new Set(checked);
  if (!node) return next;
  const on = !checked.has(key);
  if (on && node.disabled) return next;
  if (!linked) {
    if (on) next.add(key);
    else next.delete(key);
    return next;
  }
  const below = flattenTree([node]);
  if (on) {
    for (const n of [...below, ...ancestors(index, node)])
      if (!n.disabled || checked.has(n.key)) next.add(n.key);
  } else {
    for (const n of below) next.delete(n.key);
  }
  return next;
}

/** 全部勾选: every node the caller may grant, plus those already granted. */
export const checkAll = (index: TreeIndex, checked: ReadonlySet<string>): Set<string> =>
  new Set(index.all.filter((n) => !n.disabled || checked.has(n.key)).map((n) => n.key));

/** Whether some but not all nodes below a checked-or-not node are checked (shown as mixed). */
export function isMixed(node: RoleTreeNode, checked: ReadonlySet<string>): boolean {
  if (!node.children?.length) return false;
  const below = flattenTree(node.children);
  const some = below.some((n) => checked.has(n.key));
  return some && (!checked.has(node.key) || below.some((n) => !checked.has(n.key)));
}

/** The nodes shown, in order, with their depth: children only under an expanded node. */
export function visibleNodes(
  nodes: readonly RoleTreeNode[],
  expanded: ReadonlySet<string>,
  depth = 1,
): Array<{ node: RoleTreeNode; level: number }> {
  return nodes.flatMap((node) => [
    { node, level: depth },
    ...(node.children?.length && expanded.has(node.key)
      ? visibleNodes(node.children, expanded, depth + 1)
      : []),
  ]);
}

/** Every node that has children (展开所有). */
export const branchKeys = (index: TreeIndex): Set<string> =>
  new Set(index.all.filter((n) => n.children?.length).map((n) => n.key));

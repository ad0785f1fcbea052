/** One choice of a user / department picker, with its depth in a tree. */
export interface PickItem {
  value: string;
  text: string;
  depth: number;
}

/** A node of `/sys/sysDepart/queryIdTree`. */
export interface DepartNode {
  key?: string;
  value?: string;
  id?: string;
  title?: string;
  departName?: string;
  children?: DepartNode[] | null;
}

/** The department tree flattened in display order; a keyword keeps matching nodes only. */
export function flattenDepartTree(nodes: readonly DepartNode[], keyword = '', depth = 0): PickItem[] {
  const kw = keyword.trim();
  return nodes.flatMap((n) => {
    const value = String(n.value ?? n.key ?? n.id ?? '');
    const text = n.title ?? n.departName ?? value;
    const self = !kw || text.includes(kw) ? [{ value, text, depth: kw ? 0 : depth }] : [];
    return [...self, ...flattenDepartTree(n.children ?? [], kw, depth + 1)];
  });
}

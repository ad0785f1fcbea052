/** The department picker's options, pure (no DOM, no session). */

/** A department of `/sys/sysDepart/queryIdTree` (value = id). */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children?: DepartIdNode[];
}

/** The tree flattened depth-first, each node with its depth (for indented options). */
export function flattenDeparts(
  nodes: readonly DepartIdNode[] | undefined,
  depth = 0,
): Array<{ id: string; title: string; depth: number }> {
  return (nodes ?? []).flatMap((n) => [
    { id: n.value ?? n.key, title: n.title, depth },
    ...flattenDeparts(n.children, depth + 1),
  ]);
}

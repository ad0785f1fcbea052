import type { TreeRecord, TreeRow } from './tree-rows.ts';

/** What a key does to the focused row of a tree table. */
export type TreeKeyAction =
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'focus'; id: string };

/**
 * The tree keys (WAI-ARIA treegrid): → expands a collapsed row, or moves to the first child of an
 * expanded one; ← collapses an expanded row, or moves to the parent; Enter toggles. Null: the key
 * is not the tree's (the grid handles it as usual).
 */
export function treeKeyAction<T extends TreeRecord>(
  rows: ReadonlyArray<TreeRow<T>>,
  index: number,
  key: string,
): TreeKeyAction | null {
  const row = rows[index];
  if (!row) return null;
  if (row.kind === 'loading') return key === 'ArrowLeft' ? { type: 'focus', id: row.parentId } : null;
  switch (key) {
    case 'ArrowRight': {
      if (!row.expandable) return null;
      if (!row.expanded) return { type: 'expand', id: row.id };
      const next = rows[index + 1];
      // still loading: focus stays on the row
      return { type: 'focus', id: next && next.depth > row.depth && next.kind === 'node' ? next.id : row.id };
    }
    case 'ArrowLeft':
      if (row.expandable && row.expanded) return { type: 'collapse', id: row.id };
      return row.parentId ? { type: 'focus', id: row.parentId } : null;
    case 'Enter':
      return row.expandable ? { type: 'toggle', id: row.id } : null;
    default:
      return null;
  }
}

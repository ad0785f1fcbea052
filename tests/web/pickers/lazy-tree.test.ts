import { describe, expect, it } from 'vitest';
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
  type PickNode,
} from '../../../src/web/components/pickers/lazy-tree.ts';

/** The lazily loaded tree of the department picker and the category tree-select, without a browser. */
const n = (id: string, title: string, parentId = '', isLeaf = false): PickNode => ({
  id,
  title,
  parentId,
  isLeaf,
});
const roots = [n('a', '服务'), n('b', '商品', '', true)];
const kidsOfA = [n('a1', '推拿', 'a', true), n('a2', '足疗', 'a')];

describe('lazy tree', () => {
  it('shows roots, loads children once on the first expand, nests them under their parent', () => {
    let s = withRoots(emptyTree(), roots);
    expect(visibleRows(s).map((r) => r.node.id)).toEqual(['a', 'b']);
    const first = expand(s, 'a');
    expect(first.needsLoad).toBe(true);
    expect(first.state.loading).toEqual(['a']);
    s = withChildren(first.state, 'a', kidsOfA);
    expect(s.loading).toEqual([]);
    expect(visibleRows(s).map((r) => [r.node.id, r.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['a2', 1],
      ['b', 0],
    ]);
    s = collapse(s, 'a');
    expect(visibleRows(s).map((r) => r.node.id)).toEqual(['a', 'b']);
    const again = expand(s, 'a');
    expect(again.needsLoad).toBe(false);
    expect(visibleRows(again.state)).toHaveLength(4);
    // a leaf never expands
    expect(expand(s, 'b')).toEqual({ state: s, needsLoad: false });
  });

  it('keys: arrows move within bounds, → expands then enters, ← collapses then goes to the parent, Enter picks', () => {
    let s = withRoots(emptyTree(), roots);
    let rows = visibleRows(s);
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ kind: 'move', to: 1 });
    expect(treeKey(rows, 1, 'ArrowDown')).toEqual({ kind: 'move', to: 1 });
    expect(treeKey(rows, 0, 'ArrowUp')).toEqual({ kind: 'move', to: 0 });
    expect(treeKey(rows, 0, 'End')).toEqual({ kind: 'move', to: 1 });
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ kind: 'expand', id: 'a' });
    expect(treeKey(rows, 1, 'ArrowRight')).toEqual({ kind: 'none' });
    s = withChildren(expand(s, 'a').state, 'a', kidsOfA);
    rows = visibleRows(s);
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ kind: 'move', to: 1 });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ kind: 'move', to: 0 });
    expect(treeKey(rows, 0, 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'a' });
    expect(treeKey(rows, 2, 'Enter')).toEqual({ kind: 'pick', id: 'a2' });
    expect(treeKey([], 0, 'Enter')).toEqual({ kind: 'none' });
    expect(treeKey(rows, 0, 'x')).toEqual({ kind: 'none' });
  });

  it('path text from the root, and single or multiple picks', () => {
    const s = withChildren(withRoots(emptyTree(), roots), 'a', kidsOfA);
    expect(pathText(s.nodes, 'a2')).toBe('服务 / 足疗');
    expect(pathText(s.nodes, 'b')).toBe('商品');
    expect(pathText(s.nodes, 'zz')).toBe('');
    expect(pickValue('a1', 'a2', false)).toBe('a2');
    expect(pickValue('a1', 'a2', true)).toBe('a1,a2');
    expect(pickValue('a1,a2', 'a1', true)).toBe('a2');
    expect(pickValue('', 'b', true)).toBe('b');
  });
});

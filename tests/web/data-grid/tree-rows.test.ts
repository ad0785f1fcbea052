import { describe, expect, it } from 'vitest';
import {
  LOADING_TEXT,
  TREE_DATA_TYPE_ERROR,
  TreeLoadError,
  childrenQuery,
  collapseNode,
  emptyTree,
  expandNode,
  flattenTree,
  keepExpanded,
  loadFailed,
  parseTreeResponse,
  receiveChildren,
  reloadNode,
  toggleNode,
  treeOf,
  type TreeRecord,
  type TreeState,
} from '../../../src/web/components/data-grid/tree/tree-rows.ts';
import { treeKeyAction } from '../../../src/web/components/data-grid/tree/tree-keys.ts';

interface Dept extends TreeRecord {
  name: string;
}
const d = (id: string, hasChildren = false): Dept => ({ id, name: id.toUpperCase(), hasChildren });

/** `id@depth` of the visible rows, `…` for a loading child. */
const view = (s: TreeState<Dept>) =>
  flattenTree(s).map((r) => (r.kind === 'loading' ? `…@${r.depth}` : `${r.id}@${r.depth}`));

const roots = () => treeOf([d('a', true), d('b'), d('c', true)]);

describe('tree rows: lazy children', () => {
  it('starts with the roots collapsed; rows with children are expandable', () => {
    const rows = flattenTree(roots());
    expect(view(roots())).toEqual(['a@0', 'b@0', 'c@0']);
    expect(rows.map((r) => r.kind === 'node' && r.expandable)).toEqual([true, false, true]);
    expect(view(emptyTree<Dept>())).toEqual([]);
  });

  it('expanding shows a loading child first and asks for the children once', () => {
    const step = expandNode(roots(), 'a');
    expect(step.load).toBe('a');
    expect(view(step.state)).toEqual(['a@0', '…@1', 'b@0', 'c@0']);
    const placeholder = flattenTree(step.state)[1]!;
    expect(placeholder).toMatchObject({ kind: 'loading', id: 'a_loadChild', parentId: 'a' });
    expect(LOADING_TEXT).toBe('loading...');
    // expanding again while loading asks nothing more
    expect(expandNode(step.state, 'a').load).toBeUndefined();
  });

  it('children replace the loading child, indented one level deeper', () => {
    let s = expandNode(roots(), 'a').state;
    s = receiveChildren(s, 'a', [d('a1'), d('a2', true)]);
    expect(view(s)).toEqual(['a@0', 'a1@1', 'a2@1', 'b@0', 'c@0']);
    const next = expandNode(s, 'a2');
    expect(next.load).toBe('a2');
    s = receiveChildren(next.state, 'a2', [d('a2x')]);
    expect(view(s)).toEqual(['a@0', 'a1@1', 'a2@1', 'a2x@2', 'b@0', 'c@0']);
  });

  it('no children returned removes the children and the toggle', () => {
    let s = expandNode(roots(), 'c').state;
    s = receiveChildren(s, 'c', []);
    expect(view(s)).toEqual(['a@0', 'b@0', 'c@0']);
    expect(flattenTree(s)[2]).toMatchObject({ expandable: false, expanded: false, loading: false });
    expect(expandNode(s, 'c').load).toBeUndefined();
  });

  it('collapse hides loaded children and expand shows them again without a load', () => {
    let s = receiveChildren(expandNode(roots(), 'a').state, 'a', [d('a1')]);
    s = collapseNode(s, 'a');
    expect(view(s)).toEqual(['a@0', 'b@0', 'c@0']);
    const again = expandNode(s, 'a');
    expect(again.load).toBeUndefined();
    expect(view(again.state)).toEqual(['a@0', 'a1@1', 'b@0', 'c@0']);
    expect(view(toggleNode(again.state, 'a').state)).toEqual(['a@0', 'b@0', 'c@0']);
    expect(toggleNode(s, 'a').state.nodes.get('a')!.expanded).toBe(true);
  });

  it('a leaf neither expands nor asks for a load', () => {
    const start = roots();
    const step = expandNode(start, 'b');
    expect(step.load).toBeUndefined();
    expect(step.state).toBe(start);
    expect(view(step.state)).toEqual(['a@0', 'b@0', 'c@0']);
  });

  it('a failed load collapses the row and the next expand loads again', () => {
    let s = expandNode(roots(), 'a').state;
    s = loadFailed(s, 'a');
    expect(view(s)).toEqual(['a@0', 'b@0', 'c@0']);
    expect(expandNode(s, 'a').load).toBe('a');
  });

  it('reload forgets the loaded descendants and loads an expanded row again', () => {
    let s = receiveChildren(expandNode(roots(), 'a').state, 'a', [d('a1', true)]);
    s = receiveChildren(expandNode(s, 'a1').state, 'a1', [d('deep')]);
    const step = reloadNode(s, 'a');
    expect(step.load).toBe('a');
    expect(view(step.state)).toEqual(['a@0', '…@1', 'b@0', 'c@0']);
    expect(step.state.nodes.has('a1')).toBe(false);
    expect(step.state.nodes.has('deep')).toBe(false);
    s = receiveChildren(step.state, 'a', [d('a9')]);
    expect(view(s)).toEqual(['a@0', 'a9@1', 'b@0', 'c@0']);
    // a collapsed row is not fetched now: it loads on its next expand
    const collapsed = reloadNode(collapseNode(s, 'a'), 'a');
    expect(collapsed.load).toBeUndefined();
    expect(expandNode(collapsed.state, 'a').load).toBe('a');
  });

  it('children of a row that is gone are ignored', () => {
    const s = roots();
    expect(receiveChildren(s, 'zzz', [d('x')])).toBe(s);
  });
});

describe('tree rows: requests and responses', () => {
  it('asks with the parent key (default parentId) and an optional JSON condition', () => {
    expect(childrenQuery('a')).toEqual({ parentId: 'a' });
    expect(childrenQuery('', { parentKey: 'pid' })).toEqual({ pid: '' });
    expect(childrenQuery('a', { condition: { status: '1' } })).toEqual({
      parentId: 'a',
      condition: '{"status":"1"}',
    });
    expect(childrenQuery('a', { condition: '{"x":1}' }).condition).toBe('{"x":1}');
    expect(childrenQuery('', { params: { departName: '*部*', empty: ' ', none: undefined } })).toEqual({
      departName: '*部*',
      parentId: '',
    });
  });

  it('reads a list or a page of records', () => {
    expect(parseTreeResponse({ success: true, result: [d('a')] })).toEqual([d('a')]);
    expect(parseTreeResponse({ success: true, result: { records: [d('b')], total: 1 } })).toEqual([d('b')]);
    expect(parseTreeResponse({ success: true, result: [{ id: 7, name: 'n' }] })).toEqual([
      { id: '7', name: 'n' },
    ]);
  });

  it('anything else is 返回数据类型不识别; a business failure keeps its message', () => {
    for (const bad of [
      { success: true, result: 'x' },
      { success: true, result: { list: [] } },
      null,
      'x',
      {},
    ]) {
      expect(() => parseTreeResponse(bad)).toThrow(TREE_DATA_TYPE_ERROR);
    }
    expect(() => parseTreeResponse({ success: true, result: [{ name: 'no id' }] })).toThrow(
      TREE_DATA_TYPE_ERROR,
    );
    expect(() => parseTreeResponse({ success: false, message: '没有权限' })).toThrow(
      new TreeLoadError('没有权限'),
    );
  });
});

describe('tree keys', () => {
  const loaded = () => receiveChildren(expandNode(roots(), 'a').state, 'a', [d('a1'), d('a2')]);

  it('→ expands a collapsed row, then moves to its first child', () => {
    const rows = flattenTree(roots());
    expect(treeKeyAction(rows, 0, 'ArrowRight')).toEqual({ type: 'expand', id: 'a' });
    expect(treeKeyAction(flattenTree(loaded()), 0, 'ArrowRight')).toEqual({ type: 'focus', id: 'a1' });
    const loading = flattenTree(expandNode(roots(), 'a').state);
    expect(treeKeyAction(loading, 0, 'ArrowRight')).toEqual({ type: 'focus', id: 'a' });
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toBeNull();
  });

  it('← collapses an expanded row, or moves to the parent', () => {
    const rows = flattenTree(loaded());
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', id: 'a' });
    expect(treeKeyAction(rows, 2, 'ArrowLeft')).toEqual({ type: 'focus', id: 'a' });
    expect(treeKeyAction(rows, 3, 'ArrowLeft')).toBeNull();
    const loading = flattenTree(expandNode(roots(), 'a').state);
    expect(treeKeyAction(loading, 1, 'ArrowLeft')).toEqual({ type: 'focus', id: 'a' });
  });

  it('Enter toggles a row with children; other keys are the grid’s', () => {
    const rows = flattenTree(loaded());
    expect(treeKeyAction(rows, 0, 'Enter')).toEqual({ type: 'toggle', id: 'a' });
    expect(treeKeyAction(rows, 1, 'Enter')).toBeNull();
    expect(treeKeyAction(rows, 0, 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, 99, 'Enter')).toBeNull();
  });
});

describe('tree rows: a whole tree in one answer (queryTreeList)', () => {
  const whole = () =>
    treeOf<Dept>([
      {
        ...d('a'),
        children: [
          { ...d('a1'), children: [d('a1x')] },
          { ...d('a2'), children: null },
        ],
      },
      { ...d('b'), children: null },
    ]);

  it('keeps nested children loaded: expanding needs no request and shows no loading child', () => {
    expect(view(whole())).toEqual(['a@0', 'b@0']);
    const rows = flattenTree(whole());
    expect(rows.map((r) => r.kind === 'node' && r.expandable)).toEqual([true, false]);
    const step = expandNode(whole(), 'a');
    expect(step.load).toBeUndefined();
    expect(view(step.state)).toEqual(['a@0', 'a1@1', 'a2@1', 'b@0']);
    const deeper = expandNode(step.state, 'a1');
    expect(deeper.load).toBeUndefined();
    expect(view(deeper.state)).toEqual(['a@0', 'a1@1', 'a1x@2', 'a2@1', 'b@0']);
  });

  it('keeps open rows open when the whole tree is read again (after a write)', () => {
    const open = expandNode(expandNode(whole(), 'a').state, 'a1').state;
    // the next answer: a new row under a1, b gone; a lazy root that was never loaded stays closed
    const next = treeOf<Dept>([
      { ...d('a'), children: [{ ...d('a1'), children: [d('a1x'), d('a1y')] }] },
      d('c', true),
    ]);
    expect(view(keepExpanded(next, open))).toEqual(['a@0', 'a1@1', 'a1x@2', 'a1y@2', 'c@0']);
    expect(keepExpanded(next, whole())).toBe(next);
  });
});

import { describe, expect, it } from 'vitest';
import type { RoleTreeNode } from '../../../src/shared/role.ts';
import {
  branchKeys,
  checkAll,
  indexTree,
  isMixed,
  toggleCheck,
  visibleNodes,
} from '../../../src/web/components/permission-tree/tree-check.ts';

const node = (key: string, parentId: string | null, children: RoleTreeNode[] | null = null, extra = {}) =>
  ({
    key,
    value: key,
    parentId,
    slotTitle: key,
    icon: null,
    ruleFlag: 0,
    isLeaf: !children,
    scopedSlots: { title: 'hasDatarule' },
    children,
    menuType: children ? 1 : 2,
    perms: null,
    url: null,
    ...extra,
  }) as RoleTreeNode;

// sys ─ user ─ add, edit(disabled) ; sys ─ role ; home
const tree = [
  node('sys', null, [
    node('user', 'sys', [node('add', 'user'), node('edit', 'user', null, { disabled: true })]),
    node('role', 'sys'),
  ]),
  node('home', null),
];
const index = indexTree(tree);
const set = (...keys: string[]) => new Set(keys);

describe('authorisation tree checks', () => {
  it('父子关联: checking a node checks what is below it and the menus above it, never a disabled one', () => {
    expect(toggleCheck(index, set(), 'user', true)).toEqual(set('user', 'add', 'sys'));
    expect(toggleCheck(index, set(), 'add', true)).toEqual(set('add', 'user', 'sys'));
    // a disabled node already granted stays in a cascade
    expect(toggleCheck(index, set('edit'), 'user', true)).toEqual(set('edit', 'user', 'add', 'sys'));
    // a disabled node is not checked by itself either
    expect(toggleCheck(index, set(), 'edit', true)).toEqual(set());
  });

  it('父子关联: unchecking takes everything below, the menus above stay', () => {
    expect(toggleCheck(index, set('sys', 'user', 'add', 'edit', 'role'), 'user', true)).toEqual(
      set('sys', 'role'),
    );
  });

  it('取消关联: only the node changes', () => {
    expect(toggleCheck(index, set(), 'user', false)).toEqual(set('user'));
    expect(toggleCheck(index, set('user', 'add'), 'user', false)).toEqual(set('add'));
  });

  it('全部勾选 leaves out what may not be granted; mixed shows a partly checked branch', () => {
    expect(checkAll(index, set())).toEqual(set('sys', 'user', 'add', 'role', 'home'));
    expect(checkAll(index, set('edit')).has('edit')).toBe(true);
    const user = index.byKey.get('user')!;
    expect(isMixed(user, set('add'))).toBe(true);
    expect(isMixed(user, set('user', 'add', 'edit'))).toBe(false);
    expect(isMixed(user, set())).toBe(false);
  });

  it('shows children only under expanded nodes, with their level', () => {
    expect(visibleNodes(tree, set()).map((v) => v.node.key)).toEqual(['sys', 'home']);
    expect(visibleNodes(tree, set('sys', 'user')).map((v) => `${v.node.key}:${v.level}`)).toEqual([
      'sys:1',
      'user:2',
      'add:3',
      'edit:3',
      'role:2',
      'home:1',
    ]);
    expect(branchKeys(index)).toEqual(set('sys', 'user'));
  });
});

/**
 * JeecgBoot's TreeModel of permission rows (jeecg-api.md §4.3): `key=value=id`, `parentId`,
 * `slotTitle`, `ruleFlag`, `isLeaf`, `scopedSlots`, leaves with `children: null`. The full form adds
 * `title`/`label` (`/sys/permission/queryTreeList`); the department-role form has no `title`
 * (`queryTreeListForDeptRole`). A row whose parent is not among the rows becomes a root.
 */
import type { PermissionTreeRow } from '../../repos/depart-roles.ts';

export interface PermissionTreeModel {
  key: string;
  value: string;
  title?: string;
  label?: string;
  slotTitle: string;
  parentId: string;
  icon: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  /** 0 一级菜单, 1 子菜单, 2 按钮权限 */
  menuType: number;
  /** a button's permission code (ours: commands name permissions by it) */
  perms: string | null;
  scopedSlots: { title: 'hasDatarule' };
  children: PermissionTreeModel[] | null;
}

export function permissionTreeModel(
  rows: readonly PermissionTreeRow[],
  opts: { titled: boolean },
): PermissionTreeModel[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, PermissionTreeRow[]>();
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const build = (parent: string, seen: Set<string>): PermissionTreeModel[] =>
    (byParent.get(parent) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => {
        const kids = build(r.id, new Set([...seen, r.id]));
        return {
          key: r.id,
          value: r.id,
          ...(opts.titled ? { title: r.name, label: r.name } : {}),
          slotTitle: r.name,
          parentId: r.parentId ?? '',
          icon: r.icon ?? null,
          isLeaf: kids.length === 0,
          ruleFlag: r.ruleFlag ?? 0,
          menuType: r.menuType,
          perms: r.perms ?? null,
          scopedSlots: { title: 'hasDatarule' },
          children: kids.length ? kids : null,
        };
      });
  return build('', new Set());
}

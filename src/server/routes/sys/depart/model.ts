import type { DepartRow } from '../../../repos/departs.ts';
import { formatDateTime } from '../../../lib/http/time.ts';

/**
 * SysDepartTreeModel JSON (jeecg-api.md §6.3). Ours on top, compatibly: `hasChildren` (the tree
 * table's flag) and `orgCategory_dictText`.
 */
export function departTreeModel(
  d: DepartRow,
  tz: string,
  opts: { children: unknown[] | null; isLeaf: boolean; category?: string | null },
) {
  return {
    key: d.id,
    value: d.id,
    title: d.departName,
    isLeaf: opts.isLeaf,
    hasChildren: !opts.isLeaf,
    id: d.id,
    parentId: d.parentId ?? '',
    departName: d.departName,
    departNameEn: d.departNameEn,
    departNameAbbr: d.departNameAbbr,
    departOrder: d.departOrder,
    description: d.description,
    orgCategory: d.orgCategory,
    orgCategory_dictText: opts.category ?? null,
    orgType: d.orgType,
    orgCode: d.orgCode,
    mobile: d.mobile,
    fax: d.fax,
    address: d.address,
    memo: d.memo,
    status: d.status,
    delFlag: d.delFlag,
    qywxIdentifier: null,
    createBy: d.createBy,
    createTime: formatDateTime(d.createTime, tz),
    updateBy: d.updateBy,
    updateTime: formatDateTime(d.updateTime, tz),
    directorUserIds: null,
    children: opts.children,
  };
}

export type DepartTreeModel = ReturnType<typeof departTreeModel>;

/**
 * The forest of `rows` (a node whose parent is not among them is a root), siblings by
 * depart_order then org code; leaves carry `children: null, isLeaf: true` as JeecgBoot's full tree.
 */
export function departForest(
  rows: DepartRow[],
  tz: string,
  category: (value: string) => string | undefined,
): DepartTreeModel[] {
  const byParent = new Map<string, DepartRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  const roots: DepartRow[] = [];
  for (const r of rows) {
    if (r.parentId && ids.has(r.parentId)) {
      const list = byParent.get(r.parentId) ?? [];
      list.push(r);
      byParent.set(r.parentId, list);
    } else roots.push(r);
  }
  const order = (a: DepartRow, b: DepartRow) =>
    (a.departOrder ?? 0) - (b.departOrder ?? 0) || a.orgCode.localeCompare(b.orgCode);
  const build = (d: DepartRow): DepartTreeModel => {
    const kids = (byParent.get(d.id) ?? []).sort(order).map(build);
    return departTreeModel(d, tz, {
      children: kids.length ? kids : null,
      isLeaf: kids.length === 0,
      category: category(d.orgCategory) ?? null,
    });
  };
  return roots.sort(order).map(build);
}

/**
 * 菜单管理 over sys_permission (jeecg-api.md §4.3): the SysPermissionTree JSON, and writes that keep
 * the tree right: leaf flags of the parents a row leaves and joins, no cycles, no button as a parent,
 * unique permission codes, and the product's own permission codes kept (deleting or renaming them
 * would leave a feature nobody can ever be granted again).
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ALL_PERMISSION_CODES } from '../../shared/permissions.ts';
import {
  MENU_MSG,
  MENU_TYPE,
  normalizeMenu,
  type MenuBody,
  type MenuType,
  type PermissionTreeNode,
} from '../../shared/permission-menu.ts';
import type { Db } from '../db/client.ts';
import {
  sysDepartPermission,
  sysDepartRolePermission,
  sysPermission,
  sysPermissionDataRule,
  sysRolePermission,
} from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';
import type { PermissionRow } from './permissions.ts';

const BUILTIN = new Set<string>(ALL_PERMISSION_CODES);
const codesOf = (perms: string | null | undefined) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** One row as SysPermissionTree (children not filled: `[]` for a parent, `null` for a leaf). */
export function menuJson(row: PermissionRow, tz: string, leaf = row.isLeaf): PermissionTreeNode {
  return {
    id: row.id,
    key: row.id,
    title: row.name,
    parentId: row.parentId || null,
    name: row.name,
    perms: row.perms,
    permsType: row.permsType,
    icon: row.icon,
    component: row.component,
    componentName: row.componentName,
    url: row.url,
    redirect: row.redirect,
    sortNo: row.sortNo,
    menuType: row.menuType,
    leaf,
    isLeaf: leaf,
    route: row.isRoute,
    keepAlive: row.keepAlive,
    description: row.description,
    delFlag: row.delFlag,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime, tz),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime, tz),
    alwaysShow: row.alwaysShow,
    hidden: row.hidden,
    hideTab: row.hideTab,
    status: row.status,
    internalOrExternal: row.internalOrExternal,
    ruleFlag: row.ruleFlag ?? 0,
    children: leaf ? null : [],
  };
}

/** Every live row (menus and buttons), by sort_no. */
export const liveRows = (db: Db, where?: SQL) =>
  db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), where))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));

/**
 * The whole tree: children nested under their parents (a row whose parent is gone is a root);
 * `leaf` from the rows themselves, so the answer is right even where a flag is not.
 */
export function menuTree(rows: PermissionRow[], tz: string): PermissionTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of rows) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (r: PermissionRow): PermissionTreeNode => {
    const kids = byParent.get(r.id) ?? [];
    const n = menuJson(r, tz, kids.length === 0);
    if (kids.length) n.children = kids.map(build);
    return n;
  };
  return (byParent.get('') ?? []).map(build);
}

/** The ids of `ids` and all rows below them. */
export async function subtreeIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const res = (await db.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT id FROM sys_permission WHERE id IN ${ids}
      UNION SELECT p.id FROM sys_permission p JOIN sub ON p.parent_id = sub.id
    ) SELECT id FROM sub`)) as unknown as { rows: Array<{ id: string }> };
  return res.rows.map((r) => r.id);
}

/** Set `is_leaf` of `ids` from whether live rows sit below them. */
export async function refreshLeaves(db: Db, ids: Array<string | null | undefined>): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return;
  await db.execute(sql`
    UPDATE sys_permission p SET is_leaf = NOT EXISTS (
      SELECT 1 FROM sys_permission c WHERE c.parent_id = p.id AND c.del_flag = 0
    ) WHERE p.id IN ${wanted}`);
}

async function findRow(db: Db, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)))
    .limit(1);
  return row;
}

/** The live row of an id, or BizError 未找到菜单信息. */
export async function menuById(db: Db, id: string | undefined): Promise<PermissionRow> {
  const row = id ? await findRow(db, id) : undefined;
  if (!row) throw new BizError(MENU_MSG.notFound);
  return row;
}

/** Refuse a parent that is missing, a button, or (on edit) the row itself or below it. */
async function checkParent(db: Db, parentId: string | undefined, self?: string) {
  if (!parentId) return;
  const parent = await findRow(db, parentId);
  if (!parent) throw new BizError(MENU_MSG.parentMissing);
  if (parent.menuType === MENU_TYPE.button) throw new BizError(MENU_MSG.parentIsButton);
  if (self && (await subtreeIds(db, [self])).includes(parentId)) throw new BizError(MENU_MSG.parentInSubtree);
}

/** Refuse a permission code another live row already carries. */
async function checkPerms(db: Db, perms: string | undefined, self?: string) {
  const codes = codesOf(perms);
  if (!codes.length) return;
  const [taken] = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(
      and(
        eq(sysPermission.delFlag, 0),
        self ? ne(sysPermission.id, self) : undefined,
        or(...codes.map((c) => eq(sysPermission.perms, c)), eq(sysPermission.perms, perms!)),
      ),
    )
    .limit(1);
  if (taken) throw new BizError(MENU_MSG.permsTaken);
}

const normalized = (body: MenuBody): MenuBody => {
  try {
    return normalizeMenu(body);
  } catch (e) {
    throw new BizError((e as Error).message);
  }
};

/** The columns of a normalised body (fields not sent stay as they are). */
function columnsOf(b: MenuBody) {
  const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);
  const isButton = b.menuType === MENU_TYPE.button;
  return {
    parentId: b.menuType === MENU_TYPE.root ? null : b.parentId,
    name: b.name,
    menuType: b.menuType,
    url: isButton ? null : blankToNull(b.url),
    component: isButton ? null : blankToNull(b.component),
    componentName: blankToNull(b.componentName),
    redirect: blankToNull(b.redirect),
    perms: blankToNull(b.perms),
    permsType: b.permsType,
    status: b.status,
    sortNo: b.sortNo,
    icon: blankToNull(b.icon),
    description: blankToNull(b.description),
    isRoute: b.route,
    keepAlive: b.keepAlive,
    hidden: b.hidden,
    hideTab: b.hideTab,
    alwaysShow: b.alwaysShow,
    internalOrExternal: b.internalOrExternal,
  };
}

/** POST /sys/permission/add: a new leaf row; its parent stops being a leaf. */
export async function addMenu(db: Db, body: MenuBody, by: string): Promise<string> {
  const b = normalized({ ...body, menuType: body.menuType ?? MENU_TYPE.root });
  await checkParent(db, b.parentId);
  await checkPerms(db, b.perms);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(sysPermission).values({
      ...columnsOf(b),
      id,
      name: b.name,
      menuType: b.menuType!,
      permsType: b.permsType ?? '1',
      status: b.status ?? '1',
      sortNo: b.sortNo ?? 1,
      isRoute: b.route ?? true,
      isLeaf: true,
      delFlag: 0,
      createBy: by,
    });
    await refreshLeaves(tx as unknown as Db, [b.parentId]);
  });
  return id;
}

/**
 * PUT /sys/permission/edit: the sent fields over the stored row, normalised as a whole; a root
 * loses its parent; the old and new parents' leaf flags and the row's own are fixed.
 */
export async function editMenu(db: Db, body: MenuBody, by: string): Promise<void> {
  const row = await menuById(db, body.id);
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as MenuBody;
  const b = normalized({
    menuType: row.menuType as MenuType,
    parentId: row.parentId ?? undefined,
    url: row.url ?? undefined,
    component: row.component ?? undefined,
    perms: row.perms ?? undefined,
    ...sent,
  });
  await checkParent(db, b.parentId, row.id);
  const before = codesOf(row.perms).filter((c) => BUILTIN.has(c));
  const after = new Set(codesOf(b.perms));
  const dropped = before.find((c) => !after.has(c));
  if (dropped) throw new BizError(MENU_MSG.builtinPerms(dropped));
  // a built-in code stays an active button: otherwise nobody could hold it any more
  if (before.length && (b.menuType !== MENU_TYPE.button || b.status === '0'))
    throw new BizError(MENU_MSG.builtinPerms(before[0]!));
  await checkPerms(db, b.perms, row.id);
  await db.transaction(async (tx) => {
    await tx
      .update(sysPermission)
      .set({ ...columnsOf(b), updateBy: by, updateTime: new Date() })
      .where(eq(sysPermission.id, row.id));
    await refreshLeaves(tx as unknown as Db, [row.id, row.parentId, b.parentId]);
  });
}

/**
 * DELETE /sys/permission/delete(Batch): as JeecgBoot, each row with its whole subtree, their data
 * rules and role, department and department-role grants, physically; the parents left behind get
 * their leaf flags back. Refused (nothing deleted) when the subtree holds one of the product's own permission codes.
 */
export async function deleteMenus(db: Db, ids: string[]): Promise<number> {
  const roots = await db
    .select({ id: sysPermission.id, parentId: sysPermission.parentId })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, ids), eq(sysPermission.delFlag, 0)));
  if (!roots.length) throw new BizError(MENU_MSG.notFound);
  const all = await subtreeIds(
    db,
    roots.map((r) => r.id),
  );
  const coded = await db
    .select({ perms: sysPermission.perms })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, all), sql`${sysPermission.perms} IS NOT NULL`));
  const builtin = coded.flatMap((r) => codesOf(r.perms)).find((c) => BUILTIN.has(c));
  if (builtin) throw new BizError(MENU_MSG.builtinPerms(builtin));
  await db.transaction(async (tx) => {
    await tx.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, all));
    await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, all));
    await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, all));
    await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, all));
    await tx.delete(sysPermission).where(inArray(sysPermission.id, all));
    await refreshLeaves(
      tx as unknown as Db,
      roots.map((r) => r.parentId),
    );
  });
  return all.length;
}

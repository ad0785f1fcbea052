import type { FastifyInstance } from 'fastify';
import { eq, like } from 'drizzle-orm';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { MENU_MSG, MENU_TYPE, menuBodySchema } from '../../../shared/permission-menu.ts';
import { sysPermission } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/query/query-generator.ts';
import { BizError, bare, ok, okMessage } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { oneParam, parseWith, requiredIds } from '../../lib/http/validate.ts';
import { caller } from '../../plugins/auth.ts';
import {
  addMenu,
  deleteMenus,
  editMenu,
  liveRows,
  menuById,
  menuJson,
  menuTree,
} from '../../repos/menu-admin.ts';
import type { PermissionRow } from '../../repos/permissions.ts';
import { permissionTreeRows } from '../../repos/depart-roles.ts';
import { permissionTreeModel } from '../../lib/access/permission-tree-model.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * 菜单管理 (jeecg-api.md §4.3): the tree (`list`), one row, the roots and children by parent
 * (`getSystemMenuList`, `getSystemSubmenu`, `getSystemSubmenuBatch`), the TreeModel form
 * (`queryTreeList`), and add / edit / delete with
 * JeecgBoot's normalisation (repos/menu-admin.ts).
 */
export default async function permissionAdminRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;
  const ep = ENDPOINTS.permission;

  /** children of each row among the live ones (leaf flags computed, not trusted) */
  const childrenBy = (rows: PermissionRow[]) => {
    const by = new Map<string, PermissionRow[]>();
    for (const r of rows) if (r.parentId) by.set(r.parentId, [...(by.get(r.parentId) ?? []), r]);
    return by;
  };
  const level = (rows: PermissionRow[], pick: (r: PermissionRow) => boolean) => {
    const by = childrenBy(rows);
    return rows.filter(pick).map((r) => menuJson(r, tz, !by.has(r.id)));
  };

  route<{ Querystring: Q }>(app, ep.list, async (req) => {
    const name = oneParam(req.query, 'name');
    if (!name) return bare(menuTree(await liveRows(db), tz));
    // a name search answers the matches flat, as JeecgBoot does
    const rows = await liveRows(db, like(sysPermission.name, `%${escapeLike(name)}%`));
    return bare(rows.map((r) => menuJson(r, tz, true)));
  });

  route<{ Querystring: Q }>(app, ep.queryById, async (req) => {
    const row = await menuById(db, oneParam(req.query, 'id'));
    const [child] = await liveRows(db, eq(sysPermission.parentId, row.id));
    return ok(menuJson(row, tz, !child));
  });

  route(app, ep.getSystemMenuList, async () =>
    bare(level(await liveRows(db), (r) => r.menuType === MENU_TYPE.root)),
  );

  route<{ Querystring: Q }>(app, ep.getSystemSubmenu, async (req) => {
    const parentId = oneParam(req.query, 'parentId');
    if (!parentId) throw new BizError(MENU_MSG.parentRequired);
    return bare(level(await liveRows(db), (r) => r.parentId === parentId));
  });

  route<{ Querystring: Q }>(app, ep.getSystemSubmenuBatch, async (req) => {
    const parentIds = requiredIds(req.query.parentIds);
    const rows = await liveRows(db);
    const out: Record<string, unknown[]> = {};
    for (const id of parentIds) out[id] = level(rows, (r) => r.parentId === id);
    return ok(out);
  });

  route(app, ep.queryTreeList, async () => {
    const rows = await permissionTreeRows(db);
    return ok({ treeList: permissionTreeModel(rows, { titled: true }), ids: rows.map((r) => r.id) });
  });

  route(app, ep.add, async (req) => {
    await addMenu(db, parseWith(menuBodySchema, req.body), caller(req).user.username);
    return okMessage(MENU_MSG.added);
  });

  route(app, ep.edit, async (req) => {
    const body = parseWith(menuBodySchema, req.body);
    if (!body.id) throw new BizError(MENU_MSG.notFound);
    await editMenu(db, body, caller(req).user.username);
    return okMessage(MENU_MSG.edited);
  });

  route<{ Querystring: Q }>(app, ep.delete, async (req) => {
    const id = oneParam(req.query, 'id');
    if (!id) throw new BizError(MENU_MSG.notFound);
    await deleteMenus(db, [id]);
    return okMessage(MENU_MSG.deleted);
  });

  route<{ Querystring: Q }>(app, ep.deleteBatch, async (req) => {
    await deleteMenus(db, [...new Set(requiredIds(req.query.ids))]);
    return okMessage(MENU_MSG.deleted);
  });
}

import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { sysRole, sysRolePermission } from '../../../db/schema/index.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { ROLE_MSG, grantDiff, type RoleTree, type RoleTreeNode } from '../../../../shared/role.ts';
import { route } from '../../../lib/http/route.ts';
import { newId } from '../../../lib/query/ids.ts';
import { BizError, ok, okMessage } from '../../../lib/http/result.ts';
import { oneParam } from '../../../lib/http/validate.ts';
import { caller } from '../../../plugins/auth.ts';
import {
  allPermissions,
  assertRoleEditable,
  grantCaller,
  grantCheck,
  livePermissions,
  permissionName,
  rolePermissionIds,
  type GrantCheck,
} from '../../../repos/role-grants.ts';
import type { PermissionRow } from '../../../repos/permissions.ts';
import type { Db } from '../../../db/client.ts';

type Q = Record<string, string | string[] | undefined>;

/** Most permission ids one save may name (the whole tree is a few hundred). */
const MAX_IDS = 5000;
const ID = /^[\w-]{1,32}$/;

/** The authorisation tree (TreeModel nodes); a permission the caller may not grant is `disabled`. */
export function roleTree(rows: readonly PermissionRow[], may: GrantCheck): RoleTree {
  const nodes = new Map<string, RoleTreeNode>(
    rows.map((p) => [
      p.id,
      {
        key: p.id,
        value: p.id,
        parentId: p.parentId || null,
        slotTitle: p.name,
        icon: p.icon,
        ruleFlag: p.ruleFlag ?? 0,
        isLeaf: true,
        scopedSlots: { title: 'hasDatarule' },
        children: null,
        menuType: p.menuType,
        perms: p.perms,
        url: p.url,
        ...(may(p) ? {} : { disabled: true }),
      },
    ]),
  );
  const treeList: RoleTreeNode[] = [];
  for (const p of rows) {
    const node = nodes.get(p.id)!;
    const parent = p.parentId ? nodes.get(p.parentId) : undefined;
    if (!parent) treeList.push(node);
    else {
      parent.isLeaf = false;
      (parent.children ??= []).push(node);
    }
  }
  return { treeList, ids: rows.map((p) => p.id) };
}

/** The role of a request's `roleId`, or the refusal naming what is wrong. */
export async function existingRole(db: Db, roleId: string | undefined) {
  if (!roleId) throw new BizError(ROLE_MSG.chooseRole);
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId)).limit(1);
  if (!role) throw new BizError(ROLE_MSG.roleNotFound);
  return role;
}

/** A comma list of ids from a body, checked for shape and count. */
function ids(v: unknown): unknown {
  if (v !== undefined && v !== null && typeof v !== 'string' && !Array.isArray(v))
    throw new BizError(ROLE_MSG.badIds);
  const list = (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim());
  const given = list.filter(Boolean);
  if (given.length > MAX_IDS) throw new BizError(ROLE_MSG.tooMany);
  if (given.some((id) => !ID.test(id))) throw new BizError(ROLE_MSG.badIds);
  return given;
}

/**
 * A role's grants (jeecg-api.md §4.3, §6.2): the authorisation tree, the role's permission ids and
 * the save of a change, which writes only the difference of the two lists it is sent (a kept link
 * keeps its row and its data rules) and refuses to grant what the caller does not hold.
 */
export default async function roleGrantRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, ENDPOINTS.role.queryTreeList, async (req) => {
    const me = caller(req);
    const [rows, may] = await Promise.all([allPermissions(db), grantCheck(db, me.user.id, me.perms)]);
    return ok(roleTree(rows, may));
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.role.queryRolePermission, async (req) => {
    const role = await existingRole(db, oneParam(req.query, 'roleId'));
    return ok(await rolePermissionIds(db, role.id));
  });

  route(app, ENDPOINTS.role.saveRolePermission, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const roleId = typeof body.roleId === 'string' ? body.roleId.trim() : undefined;
    const role = await existingRole(db, roleId);
    // removals too: stripping a role the caller could not grant (the admin role) is refused
    await assertRoleEditable(db, grantCaller(req), role.id);
    const { add, remove } = grantDiff(ids(body.permissionIds), ids(body.lastpermissionIds));
    const adding = await livePermissions(db, add);
    if (adding.length !== add.length) {
      const live = new Set(adding.map((p) => p.id));
      throw new BizError(ROLE_MSG.unknownPermission(add.filter((id) => !live.has(id))));
    }
    const me = caller(req);
    const may = await grantCheck(db, me.user.id, me.perms);
    const refused = adding.filter((p) => !may(p));
    if (refused.length) throw new BizError(ROLE_MSG.grantLimit(refused.map(permissionName)));
    await db.transaction(async (tx) => {
      if (remove.length)
        await tx
          .delete(sysRolePermission)
          .where(and(eq(sysRolePermission.roleId, role.id), inArray(sysRolePermission.permissionId, remove)));
      if (add.length)
        await tx
          .insert(sysRolePermission)
          .values(
            add.map((permissionId) => ({ id: newId(), roleId: role.id, permissionId, operateIp: req.ip })),
          )
          .onConflictDoNothing();
    });
    return okMessage(ROLE_MSG.saved);
  });
}

import type { FastifyInstance } from 'fastify';
import {
  DEPART_ROLE_ENDPOINTS as EP,
  DEPART_ROLE_MSG as M,
  idDiff,
  saveDepartPermissionSchema,
  saveDeptRolePermissionSchema,
} from '../../../../shared/depart-role.ts';
import { DEPART_MSG } from '../../../../shared/depart.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, ok, okMessage } from '../../../lib/http/result.ts';
import { oneParam, parseWith } from '../../../lib/http/validate.ts';
import { findDepart } from '../../../repos/depart-write.ts';
import {
  departPermissionIds,
  departRolePermissionIds,
  findDepartRole,
  permissionTreeRows,
  saveDepartPermissions,
  saveDepartRolePermissions,
} from '../../../repos/depart-roles.ts';
import { grantedPermissionRows } from '../../../repos/permissions.ts';
import { permissionTreeModel } from '../../../lib/access/permission-tree-model.ts';
import { caller } from '../../../plugins/auth.ts';
import {
  assertDepartRolesEditable,
  assertPermissionsWithin,
  grantCaller,
} from '../../../repos/role-grants.ts';
import { ROLE_MSG } from '../../../../shared/role.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * Department permissions (jeecg-api.md §4.3 queryDepartPermission / saveDepartPermission) and the
 * grants of department roles (§6.4 /sys/sysDepartPermission): saved by difference; a department is
 * given only what the caller holds, a department role only what its department was given.
 */
export default async function departPermissionRoutes(app: FastifyInstance) {
  const db = app.db;

  const depart = async (id: string | undefined) => {
    const d = id ? await findDepart(db, id) : undefined;
    if (!d) throw new BizError(DEPART_MSG.notFound);
    return d;
  };
  const role = async (id: string | undefined) => {
    const r = id ? await findDepartRole(db, id) : undefined;
    if (!r) throw new BizError(M.roleMissing);
    return r;
  };
  /** every id names a live permission row */
  const existing = async (ids: string[]) => {
    if ((await permissionTreeRows(db, ids)).length !== ids.length) throw new BizError(M.permissionMissing);
  };

  route<{ Querystring: Q }>(app, EP.queryDepartPermission, async (req) => {
    const d = await depart(oneParam(req.query, 'departId'));
    return ok(await departPermissionIds(db, d.id));
  });

  route(app, EP.saveDepartPermission, async (req) => {
    const b = parseWith(saveDepartPermissionSchema, req.body);
    const d = await depart(b.departId);
    // the previous selection the client sends is a hint; the difference is taken against the rows
    const { added, removed } = idDiff(b.permissionIds, await departPermissionIds(db, d.id));
    await existing(added);
    const who = grantCaller(req);
    await assertPermissionsWithin(db, who, added, () => M.notHeld);
    // the department's grants cap its roles': changing a department holding more than the caller is refused
    await assertPermissionsWithin(db, who, await departPermissionIds(db, d.id), ROLE_MSG.departEditLimit);
    await saveDepartPermissions(db, d.id, added, removed);
    return okMessage(M.saved);
  });

  route(app, EP.grantableTree, async (req) => {
    const held = await grantedPermissionRows(db, caller(req).user.id);
    const rows = await permissionTreeRows(
      db,
      held.map((r) => r.id),
    );
    return ok({ treeList: permissionTreeModel(rows, { titled: true }), ids: rows.map((r) => r.id) });
  });

  route<{ Querystring: Q }>(app, EP.queryTreeListForDeptRole, async (req) => {
    const d = await depart(oneParam(req.query, 'departId'));
    const rows = await permissionTreeRows(db, await departPermissionIds(db, d.id));
    return ok({ treeList: permissionTreeModel(rows, { titled: false }), ids: rows.map((r) => r.id) });
  });

  route<{ Querystring: Q }>(app, EP.queryDeptRolePermission, async (req) => {
    const r = await role(oneParam(req.query, 'roleId'));
    return ok(await departRolePermissionIds(db, r.id));
  });

  route(app, EP.saveDeptRolePermission, async (req) => {
    const b = parseWith(saveDeptRolePermissionSchema, req.body);
    const r = await role(b.roleId);
    const who = grantCaller(req);
    await assertDepartRolesEditable(db, who, [r.id]);
    const { added, removed } = idDiff(b.permissionIds, await departRolePermissionIds(db, r.id));
    await assertPermissionsWithin(db, who, added, () => M.notHeld);
    const allowed = new Set(await departPermissionIds(db, r.departId));
    if (added.some((id) => !allowed.has(id))) throw new BizError(M.outsideDepart);
    await saveDepartRolePermissions(db, r, added, removed, req.ip);
    return okMessage(M.saved);
  });
}

import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ROLE } from '../../shared/resources/role.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { ADMIN_ROLE_CODE, ROLE_MSG } from '../../shared/role.ts';
import { sysRole, sysRolePermission, sysUserRole } from '../db/schema/index.ts';
import { BizError, fail, okMessage } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { NOTHING_SELECTED, oneParam, requiredIds } from '../lib/http/validate.ts';
import roleGrantRoutes from '../routes/sys/role/grants.ts';
import roleUserRoutes from '../routes/sys/role/users.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * Delete roles with their user links and grants in one transaction, all or nothing: every id must
 * name a role, and the admin role (whose members hold every right) stays.
 */
async function deleteRoles(req: FastifyRequest, ids: string[]) {
  await req.server.db.transaction(async (tx) => {
    const roles = await tx.select().from(sysRole).where(inArray(sysRole.id, ids));
    if (roles.length !== ids.length) throw new BizError(ROLE.notFound);
    if (roles.some((r) => r.roleCode === ADMIN_ROLE_CODE)) throw new BizError(ROLE_MSG.adminKept);
    await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
    await tx.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, ids));
    await tx.delete(sysRole).where(inArray(sysRole.id, ids));
  });
}

/**
 * 角色: the generated list, queryById, add and edit (code unique, fixed once saved); deletes take the
 * role's user links and grants with them; checkRoleCode for forms; the role's users and grants
 * (src/server/routes/sys/role). queryall stays with the user form's lookups (routes/sys/org-lookups.ts).
 */
export const roleServer: ServerResource = {
  resource: ROLE,
  table: sysRole,
  override: {
    delete: () => async (req) => {
      const id = oneParam(req.query, 'id');
      if (!id) throw new BizError(NOTHING_SELECTED);
      await deleteRoles(req, [id]);
      return okMessage(ROLE_MSG.deleted);
    },
    deleteBatch: () => async (req) => {
      await deleteRoles(req, [...new Set(requiredIds(req.query.ids))]);
      return okMessage(ROLE_MSG.deletedBatch);
    },
  },
  async routes(app) {
    route<{ Querystring: Q }>(app, ENDPOINTS.role.checkRoleCode, async (req) => {
      const code = oneParam(req.query, 'roleCode');
      if (!code) throw new BizError('请输入角色编码!');
      const id = oneParam(req.query, 'id');
      const [taken] = await app.db
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(eq(sysRole.roleCode, code), id ? ne(sysRole.id, id) : undefined))
        .limit(1);
      return taken ? fail(ROLE_MSG.codeTaken) : okMessage(ROLE_MSG.codeFree);
    });
    await roleGrantRoutes(app);
    await roleUserRoutes(app);
  },
};

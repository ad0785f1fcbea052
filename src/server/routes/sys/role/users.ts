import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { sysUser, sysUserRole } from '../../../db/schema/index.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { ROLE_MSG } from '../../../../shared/role.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, bare, okMessage } from '../../../lib/http/result.ts';
import { oneParam, parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { newId } from '../../../lib/query/ids.ts';
import { entityWhere, listEntities } from '../../../lib/query/entity-list.ts';
import { usersWithout } from '../../../repos/users.ts';
import { hiddenUserFields } from '../user/read.ts';
import { userReach } from '../../../repos/user-tenants.ts';
import { assertRoleEditable, assertRolesGrantable, grantCaller } from '../../../repos/role-grants.ts';
import { existingRole } from './grants.ts';

type Q = Record<string, string | string[] | undefined>;

const userRef = z.string().trim().min(1).max(100);
const addUsersSchema = z.object({
  roleId: z.string({ error: ROLE_MSG.chooseRole }).trim().min(1, ROLE_MSG.chooseRole),
  userIdList: z.array(userRef, { error: ROLE_MSG.chooseUsers }).min(1, ROLE_MSG.chooseUsers).max(1000),
});

/**
 * The users of a role (jeecg-api.md §6.1): the list (paged, `username` / `realname` filters),
 * adding users (each named by id or username; the caller must hold every right of the role, since
 * its new members gain them) and taking them out. Only users the caller's tenants reach are listed,
 * added or taken out (src/server/lib/access/tenant-scope.ts).
 */
export default async function roleUserRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  route<{ Querystring: Q }>(app, ENDPOINTS.role.userRoleList, async (req) => {
    const role = await existingRole(db, oneParam(req.query, 'roleId'));
    const username = oneParam(req.query, 'username');
    const realname = oneParam(req.query, 'realname');
    const query = {
      pageNo: oneParam(req.query, 'pageNo'),
      pageSize: oneParam(req.query, 'pageSize'),
      ...(username ? { username: `*${username}*` } : {}),
      ...(realname ? { realname: `*${realname}*` } : {}),
    };
    const inRole = inArray(
      sysUser.id,
      db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, role.id)),
    );
    // the fields the caller may not see are left out, as in /sys/user/list
    const list = usersWithout(await hiddenUserFields(app, req));
    return bare(
      await listEntities(db, list, query, tz, {
        where: and(entityWhere(list, query, tz), inRole, userReach(req)),
      }),
    );
  });

  route(app, ENDPOINTS.role.addSysUserRole, async (req) => {
    const b = parseWith(addUsersSchema, req.body);
    const role = await existingRole(db, b.roleId);
    const refs = [...new Set(b.userIdList)];
    const found = await db
      .select({ id: sysUser.id, username: sysUser.username })
      .from(sysUser)
      .where(
        and(
          or(inArray(sysUser.id, refs), inArray(sysUser.username, refs)),
          eq(sysUser.delFlag, 0),
          // a user of a tenant the caller does not reach is as unknown as one that does not exist
          userReach(req),
        ),
      );
    const missing = refs.filter((r) => !found.some((u) => u.id === r || u.username === r));
    if (missing.length) throw new BizError(ROLE_MSG.unknownUser(missing));
    await assertRolesGrantable(db, grantCaller(req), [role.id]);
    await db
      .insert(sysUserRole)
      .values(found.map((u) => ({ id: newId(), userId: u.id, roleId: role.id })))
      .onConflictDoNothing();
    return okMessage(ROLE_MSG.usersAdded);
  });

  const remove = async (req: FastifyRequest, roleId: string | undefined, userIds: string[]) => {
    const role = await existingRole(db, roleId);
    // taking members out of a role the caller could not give is refused as giving it is
    await assertRoleEditable(db, grantCaller(req), role.id);
    const reach = userReach(req);
    const reached = reach
      ? inArray(
          sysUserRole.userId,
          db
            .select({ id: sysUser.id })
            .from(sysUser)
            .where(and(inArray(sysUser.id, userIds), reach)),
        )
      : inArray(sysUserRole.userId, userIds);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, role.id), reached));
    return okMessage(ROLE_MSG.usersRemoved);
  };

  route<{ Querystring: Q }>(app, ENDPOINTS.role.deleteUserRole, async (req) =>
    remove(req, oneParam(req.query, 'roleId'), requiredIds(req.query.userId)),
  );
  route<{ Querystring: Q }>(app, ENDPOINTS.role.deleteUserRoleBatch, async (req) =>
    remove(req, oneParam(req.query, 'roleId'), requiredIds(req.query.userIds)),
  );
}

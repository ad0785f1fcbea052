import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { sysUser, sysUserDepart } from '../../../db/schema/index.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { DEPART_MSG } from '../../../../shared/depart.ts';
import { MSG } from '../../../../shared/api.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, bare, okMessage } from '../../../lib/http/result.ts';
import { oneParam, parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { newId } from '../../../lib/query/ids.ts';
import { departSubtreeIds } from '../../../repos/departs.ts';
import { findDepart } from '../../../repos/depart-write.ts';
import { leaveDepartRoles } from '../../../repos/depart-roles.ts';
import { entityWhere, listEntities } from '../../../lib/query/entity-list.ts';
import { usersWithout } from '../../../repos/users.ts';
import { assertUsersReached, reachedUserIds, userReach } from '../../../repos/user-tenants.ts';
import { assertUsersWithin, grantCaller } from '../../../repos/role-grants.ts';
import { hiddenUserFields } from '../user/read.ts';

type Q = Record<string, string | string[] | undefined>;

const idSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{1,32}$/, '用户id无效');
const addUsersSchema = z.object({
  depId: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门'),
  userIdList: z.array(idSchema, { error: MSG.nothingSelected }).min(1, MSG.nothingSelected).max(1000),
});

/**
 * Users of a department (jeecg-api.md §6.1): the list of a department and its sub-departments,
 * adding users to it (`editSysDepartWithUser`) and taking them out (`deleteUserInDepart[Batch]`).
 */
export default async function departUserRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  const existing = async (id: string | undefined) => {
    const depart = id ? await findDepart(db, id) : undefined;
    if (!depart) throw new BizError(DEPART_MSG.notFound);
    return depart;
  };

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.departUserList, async (req) => {
    const depId = oneParam(req.query, 'depId');
    if (!depId) return bare(null);
    const departIds = await departSubtreeIds(db, depId);
    if (departIds.length === 0) return bare(null);
    const username = oneParam(req.query, 'username');
    const query = {
      pageNo: oneParam(req.query, 'pageNo'),
      pageSize: oneParam(req.query, 'pageSize'),
      ...(username ? { username: `*${username}*` } : {}),
    };
    const inDeparts = inArray(
      sysUser.id,
      db
        .selectDistinct({ id: sysUserDepart.userId })
        .from(sysUserDepart)
        .where(inArray(sysUserDepart.depId, departIds)),
    );
    // only users the caller's tenants reach, without the fields the caller may not see
    const list = usersWithout(await hiddenUserFields(app, req));
    return bare(
      await listEntities(db, list, query, tz, {
        where: and(entityWhere(list, query, tz), inDeparts, userReach(req)),
      }),
    );
  });

  route(app, ENDPOINTS.depart.addUsers, async (req) => {
    const b = parseWith(addUsersSchema, req.body);
    const depart = await existing(b.depId);
    const ids = [...new Set(b.userIdList)];
    // a user of a tenant the caller does not reach is as unknown as one that does not exist
    await assertUsersReached(db, req, ids, '所选用户不存在');
    // a department decides the data a user sees (and its roles what they may do): as for an edit,
    // only a caller holding every right of the user moves them
    await assertUsersWithin(db, grantCaller(req), ids, '移入部门');
    await db
      .insert(sysUserDepart)
      .values(ids.map((userId) => ({ id: newId(), userId, depId: depart.id })))
      .onConflictDoNothing();
    return okMessage('添加成功!');
  });

  const remove = async (req: FastifyRequest, depId: string | undefined, sent: string[]) => {
    const depart = await existing(depId);
    // users of tenants the caller does not reach are left alone
    const userIds = [...(await reachedUserIds(db, req, sent))];
    if (!userIds.length) return okMessage('删除成功!');
    await assertUsersWithin(db, grantCaller(req), userIds, '移出部门');
    // leaving a department is leaving its department roles too
    await db.transaction(async (tx) => {
      await tx
        .delete(sysUserDepart)
        .where(and(eq(sysUserDepart.depId, depart.id), inArray(sysUserDepart.userId, userIds)));
      await leaveDepartRoles(tx, depart.id, userIds);
    });
    return okMessage('删除成功!');
  };

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.removeUser, async (req) =>
    remove(req, oneParam(req.query, 'depId'), requiredIds(req.query.userId)),
  );

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.removeUsers, async (req) =>
    remove(req, oneParam(req.query, 'depId'), requiredIds(req.query.userIds)),
  );
}

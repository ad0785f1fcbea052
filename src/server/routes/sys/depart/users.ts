import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { sysUser, sysUserDepart } from '../../../db/schema/index.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { DEPART_MSG } from '../../../../shared/depart.ts';
import { MSG } from '../../../../shared/api.ts';
import { route } from '../../../lib/route.ts';
import { BizError, bare, okMessage } from '../../../lib/result.ts';
import { oneParam, parseWith, requiredIds } from '../../../lib/validate.ts';
import { newId } from '../../../lib/ids.ts';
import { departSubtreeIds } from '../../../repos/departs.ts';
import { findDepart } from '../../../repos/depart-write.ts';
import { leaveDepartRoles } from '../../../repos/depart-roles.ts';
import { entityWhere, listEntities } from '../../../lib/entity-list.ts';
import { USER_LIST } from '../../../repos/users.ts';
import { userReach } from '../../../repos/user-tenants.ts';

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
    return bare(
      await listEntities(db, USER_LIST, query, tz, {
        // another tenant's users are not listed (src/server/lib/tenant-scope.ts)
        where: and(entityWhere(USER_LIST, query, tz), inDeparts, userReach(req)),
      }),
    );
  });

  route(app, ENDPOINTS.depart.addUsers, async (req) => {
    const b = parseWith(addUsersSchema, req.body);
    const depart = await existing(b.depId);
    const ids = [...new Set(b.userIdList)];
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), userReach(req)));
    if (found.length !== ids.length) throw new BizError('所选用户不存在');
    await db
      .insert(sysUserDepart)
      .values(ids.map((userId) => ({ id: newId(), userId, depId: depart.id })))
      .onConflictDoNothing();
    return okMessage('添加成功!');
  });

  const remove = async (depId: string | undefined, userIds: string[]) => {
    const depart = await existing(depId);
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
    remove(oneParam(req.query, 'depId'), requiredIds(req.query.userId)),
  );

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.removeUsers, async (req) =>
    remove(oneParam(req.query, 'depId'), requiredIds(req.query.userIds)),
  );
}

import { and, eq, type SQL } from 'drizzle-orm';
import { sysUser } from '../../../db/schema/index.ts';
import type { FastifyRequest } from 'fastify';
import { allOf } from '../../../lib/query/query-generator.ts';
import { ruleConditions } from '../../../lib/access/data-rules.ts';
import { userReach } from '../../../repos/user-tenants.ts';
import { USER_RULE_TARGET } from '../../../repos/users.ts';

/**
 * The users `GET /sys/user/list` and its export reach for a request: the caller's tenants, narrowed
 * by the caller's data rules on 用户管理 (pickers and lookups by id keep the tenant part only).
 */
export async function userListReach(req: FastifyRequest): Promise<SQL | undefined> {
  return allOf([userReach(req), ...(await ruleConditions(req, USER_RULE_TARGET))]);
}

/**
 * Whether the request reaches the user `id` as its list would (tenant and data rules): the user
 * administration routes taking an id (queryById, edit, delete, freeze, password reset, recycle
 * bin) reach no user the list hides.
 */
export async function listReachesUser(req: FastifyRequest, id: string): Promise<boolean> {
  const [found] = await req.server.db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.id, id), await userListReach(req)))
    .limit(1);
  return !!found;
}

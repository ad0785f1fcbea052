import type { SQL } from 'drizzle-orm';
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

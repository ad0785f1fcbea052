/**
 * Users and tenants (src/server/lib/access/tenant-scope.ts): which users a request reaches, and what a
 * caller may write to a user's `rel_tenant_ids`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysTenant, sysUser } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import {
  requestAccess,
  userReachable,
  userTenantCondition,
  userTenantIds,
  type TenantAccess,
} from '../lib/access/tenant-scope.ts';
import { callerFieldRights } from '../lib/access/field-rights.ts';
import { PERM } from '../../shared/permissions.ts';
import type { UserRow } from '../plugins/auth.ts';

/** Messages of user tenant writes. */
export const USER_TENANT_MSG = {
  unknown: (ids: string) => `租户不存在：${ids}`,
  foreign: '不能把用户分配到您未关联的租户',
} as const;

/** The users a request reaches (undefined: every user). */
export const userReach = (req: FastifyRequest): SQL | undefined => userTenantCondition(requestAccess(req));

/** Whether a request reaches a user row. */
export const reachesUser = (req: FastifyRequest, user: Pick<UserRow, 'relTenantIds'>): boolean =>
  userReachable(requestAccess(req), user);

/** The users' field rights of a request (`user:sex`, `user:form:phone` …). */
export const userFieldRights = (app: FastifyInstance, req: FastifyRequest, fields: Iterable<string>) =>
  callerFieldRights(app, req, PERM.user.list, fields);

/**
 * The `rel_tenant_ids` to store when a caller sends `sent` (undefined: not sent) for a user holding
 * `existing` (undefined on add). Every named tenant must exist. A caller not reaching every tenant
 * may name only tenants they reach; the user's tenants they do not reach are kept as they are; a
 * user they add without naming a tenant joins the caller's write tenant (else it would be out of
 * the caller's own reach at once).
 */
export async function userTenantsToWrite(
  db: Db,
  access: TenantAccess,
  sent: string | null | undefined,
  existing: string | null | undefined,
  adding: boolean,
): Promise<string | null | undefined> {
  if (sent === undefined && !adding) return undefined;
  const named = userTenantIds({ relTenantIds: sent ?? '' });
  const garbage = (sent ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !/^\d{1,9}$/.test(s));
  if (garbage.length) throw new BizError(USER_TENANT_MSG.unknown(garbage.join(',')));
  if (named.length) {
    const found = await db.select({ id: sysTenant.id }).from(sysTenant).where(inArray(sysTenant.id, named));
    const known = new Set(found.map((r) => r.id));
    const missing = named.filter((id) => !known.has(id));
    if (missing.length) throw new BizError(USER_TENANT_MSG.unknown(missing.join(',')));
  }
  if (access.all) return named.length ? named.join(',') : null;
  if (named.some((id) => !access.ids.includes(id))) throw new BizError(USER_TENANT_MSG.foreign);
  const kept = userTenantIds({ relTenantIds: existing ?? '' }).filter((id) => !access.ids.includes(id));
  const chosen = adding && !named.length && access.write !== null ? [access.write] : named;
  const all = [...new Set([...kept, ...chosen])];
  return all.length ? all.join(',') : null;
}

/**
 * The ids among `ids` of users the request reaches (tenant isolation; `live`: not in the recycle
 * bin either): a user of a tenant the caller does not reach is as unknown to them as one that
 * does not exist.
 */
export async function reachedUserIds(
  db: Db,
  req: FastifyRequest,
  ids: readonly string[],
  live = false,
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(inArray(sysUser.id, [...ids]), live ? eq(sysUser.delFlag, 0) : undefined, userReach(req)));
  return new Set(rows.map((r) => r.id));
}

/** Refuse (with `message`) unless every id is a live user (not binned) the request reaches. */
export async function assertUsersReached(
  db: Db,
  req: FastifyRequest,
  ids: readonly string[],
  message: string,
): Promise<void> {
  const found = await reachedUserIds(db, req, ids, true);
  if (found.size !== new Set(ids).size) throw new BizError(message);
}

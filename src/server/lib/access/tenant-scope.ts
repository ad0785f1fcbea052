/**
 * Tenant isolation. A caller belongs to the tenants of `sys_user.rel_tenant_ids`; a request may name
 * one of them in the `tenant-id` header (JeecgBoot 3.3) or `X-Tenant-Id` (later JeecgBoot); `0` or
 * none names no tenant.
 *
 * Which rows a caller reaches (`tenantAccess`):
 * - a caller holding `tenant:all` (the administrator) reaches every tenant's rows, including rows of
 *   no tenant, whatever tenant the request names: that is the one unrestricted case, and it is
 *   explicit. The named tenant (else their first own) is only where their new rows go. (The Vue
 *   client names the tenant chosen at login on every request: the administrator's screens would
 *   otherwise show one tenant only, the tenant screen included.)
 * - a request naming a tenant reaches that tenant's rows only (the auth plugin has refused a tenant
 *   the caller does not belong to);
 * - otherwise the caller reaches the rows of all their tenants; a caller of no tenant reaches no
 *   tenant-owned row at all (never "everything", as JeecgBoot's unchecked users would).
 *
 * Tenant-owned rows: `sys_user` (a user is reached when one of its tenants is reachable), and the
 * resources whose server half declares `tenant` (a tenant column, or a parent resource whose rows
 * the sub rows follow). JeecgBoot filters `tenant_id` on its `demo` table only; here every
 * endpoint, export and command over those rows goes through `rowScope` (src/server/lib/access/row-scope.ts).
 * Everything is computed from the cached session (no statement).
 */
import type { FastifyRequest } from 'fastify';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import { PERM } from '../../../shared/permissions.ts';
import { sysUser } from '../../db/schema/index.ts';
import type { AuthContext, UserRow } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';

/** The request headers naming a tenant, in the order they are read. */
export const TENANT_HEADERS = ['tenant-id', 'x-tenant-id'] as const;

/** What the tenant headers of a request say: a tenant id, none (0), or something unreadable. */
export function tenantHeader(headers: FastifyRequest['headers']): number | 'invalid' {
  const named = new Set<number>();
  for (const name of TENANT_HEADERS) {
    const raw = headers[name];
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      const text = v.trim();
      if (text === '') continue;
      if (!/^\d{1,9}$/.test(text)) return 'invalid';
      named.add(Number(text));
    }
  }
  named.delete(0);
  // two headers naming different tenants say nothing reliable
  if (named.size > 1) return 'invalid';
  return named.values().next().value ?? 0;
}

/** The tenant ids of `rel_tenant_ids` (comma-separated integers; anything else ignored). */
export const userTenantIds = (user: Pick<UserRow, 'relTenantIds'>): number[] => [
  ...new Set(
    (user.relTenantIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^\d{1,9}$/.test(s))
      .map(Number),
  ),
];

/** Whether a caller reaches every tenant (holds `tenant:all`). */
export const crossTenant = (auth: Pick<AuthContext, 'perms'>): boolean => auth.perms.has(PERM.tenant.all);

/** Whether the tenant a request names is one the caller may act in. */
export const mayUseTenant = (auth: AuthContext): boolean =>
  auth.tenantId === 0 || crossTenant(auth) || userTenantIds(auth.user).includes(auth.tenantId);

/** Which tenants' rows a caller reaches, and which tenant their new rows belong to. */
export type TenantAccess =
  | { all: true; ids?: undefined; write: number | null }
  | { all: false; ids: readonly number[]; write: number | null };

/** The access of a signed-in caller (see the module comment). */
export function tenantAccess(auth: AuthContext): TenantAccess {
  const own = userTenantIds(auth.user);
  const named = auth.tenantId > 0 ? auth.tenantId : null;
  if (crossTenant(auth)) return { all: true, write: named ?? own[0] ?? null };
  if (named !== null) return { all: false, ids: [named], write: named };
  return { all: false, ids: own, write: own[0] ?? null };
}

/** The access of a request (an anonymous one reaches no tenant-owned row). */
export const requestAccess = (req: FastifyRequest): TenantAccess =>
  req.auth ? tenantAccess(req.auth) : { all: false, ids: [], write: null };

/** Whether the access reaches a tenant. */
export const reaches = (access: TenantAccess, tenantId: number | null | undefined): boolean =>
  access.all || (tenantId !== null && tenantId !== undefined && access.ids.includes(tenantId));

/** Rows whose tenant column is reachable. */
export function tenantColumnCondition(access: TenantAccess, column: PgColumn): SQL | undefined {
  if (access.all) return undefined;
  return access.ids.length ? inArray(column, [...access.ids]) : sql`false`;
}

/** Users sharing a reachable tenant (`rel_tenant_ids` overlaps the reachable ids). */
export function userTenantCondition(access: TenantAccess): SQL | undefined {
  if (access.all) return undefined;
  if (!access.ids.length) return sql`false`;
  const ids = sql.join(
    access.ids.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  return sql`string_to_array(${sysUser.relTenantIds}, ',') && ARRAY[${ids}]::text[]`;
}

/** Whether a user row is reachable (same rule as `userTenantCondition`, for a row in hand). */
export const userReachable = (access: TenantAccess, user: Pick<UserRow, 'relTenantIds'>): boolean =>
  access.all || userTenantIds(user).some((id) => access.ids.includes(id));

/**
 * How a resource's rows belong to tenants (`ServerResource.tenant`): a column of its table holding
 * the tenant id (`stamp`: written with the caller's tenant on add and import; off for sys_tenant,
 * whose column is its id), or a parent resource whose reachable rows its `key` column points at.
 */
export type TenantOwnership =
  | { column: string; stamp?: boolean }
  | { parent: () => { table: PgTable; tenant?: TenantOwnership }; key: string };

/** The condition of a resource's rows for an access (undefined: not tenant-owned, or everything). */
export function ownedCondition(
  access: TenantAccess,
  table: PgTable,
  owned: TenantOwnership | undefined,
  db?: Db,
): SQL | undefined {
  if (!owned || access.all) return undefined;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  if ('column' in owned) return tenantColumnCondition(access, columns[owned.column]!);
  const parent = owned.parent();
  const parentColumns = getTableColumns(parent.table) as Record<string, PgColumn>;
  const inParent = ownedCondition(access, parent.table, parent.tenant, db);
  if (!db) throw new Error('a sub resource scope needs the database');
  return inArray(
    columns[owned.key]!,
    db.select({ id: parentColumns.id! }).from(parent.table).where(inParent),
  );
}

/** The tenant column written on add and import, when the resource stamps one. */
export const stampColumn = (owned: TenantOwnership | undefined): string | undefined =>
  owned && 'column' in owned && owned.stamp !== false ? owned.column : undefined;

/** Messages of tenant rules. */
export const TENANT_MSG = {
  /** a row of a tenant-owned resource needs a tenant to belong to */
  noTenant: '当前用户未关联租户，无法新增数据',
} as const;

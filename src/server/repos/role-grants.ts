/**
 * Role grants (sys_role_permission) and the grant limit: nobody hands out a permission they do not
 * hold. Members of the `admin` role hold every permission (also rows created after their grants);
 * anyone else holds the rows granted to their roles and department roles, and a button whose codes
 * they all hold through another row (the same right under another menu).
 *
 * The same limit guards every write that moves rights (one rule, shared by the role, department
 * and user routes): a caller gives, changes, fills or empties only roles and department roles whose
 * rights they all hold, and resets the password of, edits, freezes or deletes only users whose
 * rights they all hold; the admin role and its members are acted on by admin-role members only.
 * (Data rules binding the caller are kept by the data-rule grants themselves: rule-grants.ts.)
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { caller } from '../plugins/auth.ts';
import {
  sysDepartRole,
  sysDepartRolePermission,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from '../db/schema/index.ts';
import { ADMIN_ROLE_CODE, ROLE_MSG, type UserWrite } from '../../shared/role.ts';
import { BizError } from '../lib/http/result.ts';
import { grantedPermissionIds, grantedPermissionRows, type PermissionRow } from './permissions.ts';

/** What the grant limit looks at of a permission row. */
type Grantable = Pick<PermissionRow, 'id' | 'menuType' | 'perms'>;

/** Whether the user may grant a permission row (the grant limit). */
export type GrantCheck = (row: Grantable) => boolean;

const codesOf = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** A permission as a refusal names it: a button with its code. */
export const permissionName = (p: PermissionRow) =>
  p.menuType === 2 && p.perms ? `${p.name}（${p.perms}）` : p.name;

/** Whether a user is a member of the `admin` role (holds every permission). */
export async function isAdminMember(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sysUserRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.roleCode, ADMIN_ROLE_CODE)))
    .limit(1);
  return !!row;
}

/** The grant limit of a user: `codes` are the permission codes of their session. */
export async function grantCheck(db: Db, userId: string, codes: ReadonlySet<string>): Promise<GrantCheck> {
  if (await isAdminMember(db, userId)) return () => true;
  return heldCheck(db, userId, codes);
}

/** The grant limit of a user who is no admin-role member: the rows they hold. */
async function heldCheck(db: Db, userId: string, codes: ReadonlySet<string>): Promise<GrantCheck> {
  const held = await grantedPermissionIds(db, userId);
  const ids = new Set(held.map((r) => r.id));
  return (row) => {
    if (ids.has(row.id)) return true;
    const rowCodes = codesOf(row.perms);
    return row.menuType === 2 && rowCodes.length > 0 && rowCodes.every((c) => codes.has(c));
  };
}

/** The live permission rows among `ids` (menus and buttons, del_flag 0). */
export async function livePermissions(db: Db, ids: readonly string[]): Promise<PermissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, [...ids]), eq(sysPermission.delFlag, 0)));
}

/** Every live permission row, menus and buttons, by sort_no (the authorisation tree). */
export async function allPermissions(db: Db): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(eq(sysPermission.delFlag, 0))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** The permission ids granted to a role whose rows are live. */
export async function rolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  return rows.map((r) => r.id);
}

/** The rows of a role's grants the grant limit refuses (what a new member would gain beyond the caller). */
export async function ungrantableOfRole(db: Db, roleId: string, may: GrantCheck): Promise<PermissionRow[]> {
  const rows = await livePermissions(db, await rolePermissionIds(db, roleId));
  return rows.filter((r) => !may(r));
}

/** Who is acting: their id and the permission codes of their session. */
export interface GrantCaller {
  userId: string;
  codes: ReadonlySet<string>;
}

/** The caller of a request as the grant limit sees them. */
export const grantCaller = (req: FastifyRequest): GrantCaller => {
  const me = caller(req);
  return { userId: me.user.id, codes: me.perms };
};

/**
 * The one rule of delegated administration: a caller acts on a role, a department role or a user
 * only when they hold every right it holds. The `admin` role (and every member of it) holds
 * everything, including rights created later, so only admin-role members act on them.
 */
export interface GrantLimit {
  /** the caller is an admin-role member: no limit */
  admin: boolean;
  may: GrantCheck;
}

export async function grantLimit(db: Db, caller: GrantCaller): Promise<GrantLimit> {
  const admin = await isAdminMember(db, caller.userId);
  return { admin, may: admin ? () => true : await heldCheck(db, caller.userId, caller.codes) };
}

/** A role by id (refusals name it), or undefined. */
const roleById = async (db: Db, roleId: string) =>
  (await db.select().from(sysRole).where(eq(sysRole.id, roleId)).limit(1))[0];

/**
 * Refuse when the caller may not act on a role: the `admin` role unless they are an admin-role
 * member, any role holding a right they do not hold. `refusal` words the refusal.
 */
async function assertRoleWithin(
  db: Db,
  limit: GrantLimit,
  roleId: string,
  refusal: (role: string, names: string[]) => string,
): Promise<void> {
  if (limit.admin) return;
  const role = await roleById(db, roleId);
  if (role?.roleCode === ADMIN_ROLE_CODE) throw new BizError(ROLE_MSG.adminRoleOnly);
  const beyond = await ungrantableOfRole(db, roleId, limit.may);
  if (beyond.length) throw new BizError(refusal(role?.roleName ?? roleId, beyond.map(permissionName)));
}

/**
 * Refuse giving a user roles whose rights the caller does not all hold (the grant limit on role
 * membership: user add/edit `selectedroles`, addSysUserRole). `roleIds` are the roles newly given;
 * roles the user already had are not asked about. Only admin-role members give the admin role.
 */
export async function assertRolesGrantable(
  db: Db,
  caller: GrantCaller,
  roleIds: readonly string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  const limit = await grantLimit(db, caller);
  for (const roleId of roleIds) await assertRoleWithin(db, limit, roleId, ROLE_MSG.roleGrantLimit);
}

/**
 * Refuse changing a role (its grants, its data rules, taking members out of it) unless the caller
 * holds every right it holds; the admin role only by admin-role members.
 */
export async function assertRoleEditable(db: Db, caller: GrantCaller, roleId: string): Promise<void> {
  await assertRoleWithin(db, await grantLimit(db, caller), roleId, ROLE_MSG.roleEditLimit);
}

/**
 * Refuse giving, changing or taking members out of department roles holding a right the caller
 * does not hold (a member holds the grants of their department roles as of their roles).
 */
export async function assertDepartRolesEditable(
  db: Db,
  caller: GrantCaller,
  droleIds: readonly string[],
): Promise<void> {
  if (droleIds.length === 0) return;
  const limit = await grantLimit(db, caller);
  if (limit.admin) return;
  for (const droleId of new Set(droleIds)) {
    const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, droleId)).limit(1);
    const granted = await db
      .select({ id: sysDepartRolePermission.permissionId })
      .from(sysDepartRolePermission)
      .where(eq(sysDepartRolePermission.roleId, droleId));
    const rows = await livePermissions(
      db,
      granted.map((g) => g.id),
    );
    const beyond = rows.filter((p) => !limit.may(p));
    if (beyond.length)
      throw new BizError(ROLE_MSG.departRoleEditLimit(role?.roleName ?? droleId, beyond.map(permissionName)));
  }
}

/**
 * Refuse acting on a set of permission rows (a department role's or a department's grants) of
 * which the caller does not hold every one; `refusal` words the refusal from the rows' names.
 */
export async function assertPermissionsWithin(
  db: Db,
  caller: GrantCaller,
  permissionIds: readonly string[],
  refusal: (names: string[]) => string,
): Promise<void> {
  const limit = await grantLimit(db, caller);
  if (limit.admin) return;
  const beyond = (await livePermissions(db, permissionIds)).filter((p) => !limit.may(p));
  if (beyond.length) throw new BizError(refusal(beyond.map(permissionName)));
}

/**
 * Refuse writing to users (password reset, edit, freeze, delete) who hold a right the caller does
 * not hold: admin-role members are acted on only by admin-role members. `action` names the write.
 */
export async function assertUsersWithin(
  db: Db,
  caller: GrantCaller,
  userIds: readonly string[],
  action: UserWrite,
): Promise<void> {
  const limit = await grantLimit(db, caller);
  if (limit.admin) return;
  for (const userId of new Set(userIds)) {
    if (userId === caller.userId) continue;
    const [user] = await db
      .select({ username: sysUser.username })
      .from(sysUser)
      .where(eq(sysUser.id, userId));
    if (!user) continue;
    if (await isAdminMember(db, userId)) throw new BizError(ROLE_MSG.userLimit(user.username, action, []));
    const beyond = (await grantedPermissionRows(db, userId)).filter((p) => !limit.may(p));
    if (beyond.length)
      throw new BizError(ROLE_MSG.userLimit(user.username, action, beyond.map(permissionName)));
  }
}

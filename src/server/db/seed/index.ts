import type { Db } from '../client.ts';
import {
  sysDepart,
  sysDict,
  sysDictItem,
  sysPermission,
  sysPosition,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../schema/index.ts';
import { stableId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { DICTS } from './data/dicts.ts';
import { MENUS } from './data/menus.ts';
import { ROLES } from './data/roles.ts';
import { DEPARTS, POSITIONS, SEED_USERS, TENANTS } from './data/org.ts';
import type { SeedMenu } from './data/types.ts';

type PermissionInsert = typeof sysPermission.$inferInsert;

/** Flatten the menu tree into sys_permission rows (menus and their buttons). */
export function menuRows(menus: SeedMenu[] = MENUS): PermissionInsert[] {
  const out: PermissionInsert[] = [];
  const walk = (list: SeedMenu[], parentId: string | null) => {
    list.forEach((m, i) => {
      const id = stableId(`menu:${m.url}`);
      out.push({
        id,
        parentId,
        name: m.name,
        url: m.url,
        component: m.component,
        componentName: m.componentName ?? null,
        redirect: m.redirect ?? null,
        menuType: parentId ? 1 : 0,
        sortNo: i,
        alwaysShow: m.alwaysShow ?? false,
        icon: m.icon ?? null,
        isRoute: m.route ?? true,
        isLeaf: !m.children?.length,
        keepAlive: m.keepAlive ?? false,
        hidden: m.hidden ?? false,
        internalOrExternal: m.internalOrExternal ?? false,
        createBy: 'admin',
      });
      (m.buttons ?? []).forEach((b, j) =>
        out.push({
          id: stableId(`perm:${b.perms}`),
          parentId: id,
          name: b.name,
          menuType: 2,
          perms: b.perms,
          permsType: b.permsType ?? '1',
          sortNo: j,
          status: '1',
          createBy: 'admin',
        }),
      );
      if (m.children?.length) walk(m.children, id);
    });
  };
  walk(menus, null);
  return out;
}

const CHUNK = 200;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Idempotent seed: inserts what is missing and never overwrites rows an administrator changed.
 * Returns true when the admin account was created by this run.
 */
export async function seed(db: Db): Promise<{ createdAdmin: boolean }> {
  for (const d of DICTS) {
    const dictId = stableId(`dict:${d.code}`);
    await db
      .insert(sysDict)
      .values({ id: dictId, dictCode: d.code, dictName: d.name, type: d.type ?? 0, createBy: 'admin' })
      .onConflictDoNothing();
    await db
      .insert(sysDictItem)
      .values(
        d.items.map((it, i) => ({
          id: stableId(`dict:${d.code}:${it.value}`),
          dictId,
          itemValue: it.value,
          itemText: it.text,
          itemColor: it.color ?? null,
          sortOrder: i + 1,
          createBy: 'admin',
        })),
      )
      .onConflictDoNothing();
  }

  const perms = menuRows();
  await insertChunks(perms, (c) => db.insert(sysPermission).values(c).onConflictDoNothing());

  const byUrl = new Map(perms.filter((p) => p.url).map((p) => [p.url!, p.id!]));
  const byCode = new Map(perms.filter((p) => p.perms).map((p) => [p.perms!, p.id!]));
  for (const role of ROLES) {
    const roleId = stableId(`role:${role.code}`);
    await db
      .insert(sysRole)
      .values({
        id: roleId,
        roleCode: role.code,
        roleName: role.name,
        description: role.description,
        createBy: 'admin',
      })
      .onConflictDoNothing();
    const ids =
      role.grants === 'all'
        ? perms.map((p) => p.id!)
        : [...role.grants.menus.map((u) => byUrl.get(u)), ...role.grants.perms.map((c) => byCode.get(c))];
    const grants = ids
      .filter((id): id is string => !!id)
      .map((permissionId) => ({
        id: stableId(`rp:${roleId}:${permissionId}`),
        roleId,
        permissionId,
      }));
    await insertChunks(grants, (c) => db.insert(sysRolePermission).values(c).onConflictDoNothing());
  }

  await db.insert(sysTenant).values(TENANTS).onConflictDoNothing();
  await db
    .insert(sysDepart)
    .values(
      DEPARTS.map((d) => ({
        ...d,
        id: stableId(`depart:${d.orgCode}`),
        parentId: d.parentOrgCode ? stableId(`depart:${d.parentOrgCode}`) : null,
        orgType: String(d.orgCode.length / 3),
        createBy: 'admin',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(sysPosition)
    .values(POSITIONS.map((p) => ({ ...p, id: stableId(`position:${p.code}`), createBy: 'admin' })))
    .onConflictDoNothing();

  let createdAdmin = false;
  for (const u of SEED_USERS) {
    const id = u.id ?? stableId(`user:${u.username}`);
    const departId = stableId(`depart:${u.orgCode}`);
    const password = u.legacyHash ?? (await hashPassword(u.password));
    const inserted = await db
      .insert(sysUser)
      .values({
        id,
        username: u.username,
        realname: u.realname,
        password,
        salt: u.salt ?? null,
        sex: u.sex,
        email: u.email,
        phone: u.phone,
        orgCode: u.orgCode,
        workNo: u.workNo,
        post: u.post,
        userIdentity: u.userIdentity ?? 1,
        departIds: departId,
        relTenantIds: '1',
        createBy: 'admin',
      })
      .onConflictDoNothing()
      .returning({ id: sysUser.id });
    if (inserted.length === 0) continue;
    if (u.username === 'admin') createdAdmin = true;
    await db
      .insert(sysUserDepart)
      .values({ id: stableId(`ud:${id}:${departId}`), userId: id, depId: departId })
      .onConflictDoNothing();
    await db
      .insert(sysUserRole)
      .values(
        u.roles.map((r) => ({ id: stableId(`ur:${id}:${r}`), userId: id, roleId: stableId(`role:${r}`) })),
      )
      .onConflictDoNothing();
  }
  return { createdAdmin };
}

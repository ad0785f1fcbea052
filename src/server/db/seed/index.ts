import { seedMessaging } from './messaging.ts';
import { randomBytes } from 'node:crypto';
import { eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  sysDepart,
  sysDict,
  sysDictItem,
  sysPermission,
  sysPosition,
  sysRole,
  sysRolePermission,
  sysSeedLedger,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
  yyGoods,
  yyUser,
} from '../schema/index.ts';
import { stableId } from '../../lib/query/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/access/password.ts';
import { setPassword } from '../../repos/user-write.ts';
import { DICTS } from './data/dicts.ts';
import { MENUS } from './data/menus.ts';
import { ROLES } from './data/roles.ts';
import { DEPARTS, POSITIONS, SEED_USERS, TENANTS } from './data/org.ts';
import type { SeedMenu } from './data/types.ts';
import { RESOURCES } from '../../../shared/resources/index.ts';
import type { Resource } from '../../../shared/resources/define.ts';
import type { PermissionCode } from '../../../shared/permissions.ts';
import { seedOperations, type OperationsSeedOptions } from './operations/index.ts';
import { seedCatalogue } from './catalogue/index.ts';
import { seedOrderBookings, seedOrders } from './orders.ts';
import { seedDispatchRecords } from './dispatch-records.ts';
import { seedExceptions } from './exceptions.ts';
import { seedMoney, seedMoneyStatements } from './money.ts';
import { seedWallet } from './wallet.ts';
import { dispatchSettings } from '../../dispatch/settings.ts';

type PermissionInsert = typeof sysPermission.$inferInsert;

/**
 * The buttons of a resource's page: derived from its declaration (one per operation, per
 * transition code and per extra action: src/shared/resources/access.ts), so adding an action edits
 * only its declaration. A page without a declaration lists its buttons in its menu; a page with
 * one may not (they would be a second list of the same codes).
 */
function declaredButtons(m: SeedMenu, resources: readonly Resource[]): NonNullable<SeedMenu['buttons']> {
  const resource = resources.find((r) => r.decl.component === m.component);
  if (!resource) return [];
  if (m.buttons?.length)
    throw new Error(`menu ${m.url}: its buttons are derived from resource ${resource.decl.name}`);
  // the codes are derived from a declaration of RESOURCES: they are PermissionCodes
  return resource.buttons.map((b) => ({ name: b.name, perms: b.code as PermissionCode }));
}

/** Flatten the menu tree into sys_permission rows (menus and their buttons). */
export function menuRows(
  menus: SeedMenu[] = MENUS,
  resources: readonly Resource[] = RESOURCES as unknown as Resource[],
): PermissionInsert[] {
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
        // buttons are rows below their menu too (菜单管理 shows them as its children)
        isLeaf: !m.children?.length && !m.buttons?.length && !declaredButtons(m, resources).length,
        keepAlive: m.keepAlive ?? false,
        hidden: m.hidden ?? false,
        internalOrExternal: m.internalOrExternal ?? false,
        createBy: 'admin',
      });
      const buttons = [...(m.buttons ?? []), ...declaredButtons(m, resources)];
      buttons.forEach((b, j) =>
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
 * Version of the seed data. Raise it when seed data is added: the next start then inserts the rows
 * whose keys were never applied, and nothing an administrator deleted comes back.
 */
export const SEED_VERSION = 19;

/** A strong random password for a seeded account (shown once, at the start that created it). */
export const randomPassword = () => randomBytes(12).toString('base64url');

export interface SeedOptions extends OperationsSeedOptions {
  /** the password to give a seeded account; default a fresh random one per account */
  password?: (username: string) => string | undefined;
  /**
   * how a new seeded account's password is hashed; default the product's argon2id
   * (`hashPassword`). Test fixtures pass cheaper argon2id parameters (tests/support/database.ts):
   * a sign-in verifies the same kind of hash, without the product's cost per sign-in.
   */
  hashPassword?: (plain: string) => Promise<string>;
}

export interface SeedOutcome {
  /** false when the recorded seed version was already current: nothing was looked at */
  applied: boolean;
  /**
   * accounts given a password by this run (created, or an adopted pre-ledger account that still had
   * the published 123456), with that password: print once, never store
   */
  createdUsers: Array<{ username: string; password: string }>;
}

/** What sys_seed_ledger says about this database. */
async function readLedger(db: Db) {
  // an ordinary start: the first row of the current version answers it; the keys are not read
  const [current] = await db
    .select({ key: sysSeedLedger.key })
    .from(sysSeedLedger)
    .where(gte(sysSeedLedger.version, SEED_VERSION))
    .limit(1);
  if (current) return { applied: new Set<string>(), current: true, legacy: false };
  const rows = await db.select({ key: sysSeedLedger.key }).from(sysSeedLedger);
  // a database seeded before the ledger existed (its seed ran on every start) has roles but no ledger
  const legacy = rows.length === 0 && (await db.select({ id: sysRole.id }).from(sysRole).limit(1)).length > 0;
  return { applied: new Set(rows.map((r) => r.key)), current: false, legacy };
}

async function recordKeys(db: Db, keys: string[], applied: Set<string>): Promise<void> {
  const fresh = keys.filter((k) => !applied.has(k));
  await insertChunks(fresh, (c) =>
    db
      .insert(sysSeedLedger)
      .values(c.map((key) => ({ key, version: SEED_VERSION })))
      .onConflictDoNothing(),
  );
}

/**
 * Seed once per seed version: every row has a key recorded in sys_seed_ledger when first applied,
 * and only rows whose key was never applied are inserted. A row or grant an administrator deleted
 * stays deleted across restarts; a new SEED_VERSION adds only what never existed.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedOutcome> {
  // all or nothing: a first start stopped half way must not leave roles without accounts behind
  const outcome = await db.transaction((tx) => seedIn(tx as unknown as Db, opts));
  // the planner's statistics (and 数据库监控's row estimates) start from the seeded rows, not from
  // nothing: autovacuum may not visit a new database for a while, and PGlite never runs it
  if (outcome.applied) await db.execute(sql`ANALYZE`);
  return outcome;
}

/** The password every account of the seed before the ledger had (and JeecgBoot's own default). */
const PUBLISHED_PASSWORD = '123456';

async function seedIn(db: Db, opts: SeedOptions): Promise<SeedOutcome> {
  const ledger = await readLedger(db);
  if (ledger.current) return { applied: false, createdUsers: [] };
  // adopt a pre-ledger database as it is (what was deleted there stays deleted), except that a
  // seeded account still accepting the published password gets a random one to replace at login
  if (ledger.legacy) {
    await recordKeys(db, seedKeys(), ledger.applied);
    const createdUsers: SeedOutcome['createdUsers'] = [];
    for (const u of SEED_USERS) {
      const [row] = await db.select().from(sysUser).where(eq(sysUser.username, u.username)).limit(1);
      if (!row || !(await verifyPassword(row, PUBLISHED_PASSWORD)).ok) continue;
      const password = opts.password?.(u.username) || randomPassword();
      await setPassword(db, row.id, password, 'seed', { mustChange: true });
      createdUsers.push({ username: u.username, password });
    }
    return { applied: true, createdUsers };
  }
  const pending = <T>(rows: T[], key: (r: T) => string) => rows.filter((r) => !ledger.applied.has(key(r)));
  /** insert the rows of one kind whose keys were never applied */
  const apply = <T>(rows: T[], key: (r: T) => string, insert: (chunk: T[]) => Promise<unknown>) =>
    insertChunks(pending(rows, key), insert);

  const dictRows = dictSeedRows();
  await apply(
    dictRows.dicts,
    (d) => `dict:${d.dictCode}`,
    (c) => db.insert(sysDict).values(c).onConflictDoNothing(),
  );
  await apply(
    dictRows.items,
    (it) => it.key,
    (c) =>
      db
        .insert(sysDictItem)
        .values(c.map(({ key: _key, ...row }) => row))
        .onConflictDoNothing(),
  );

  const perms = menuRows();
  await apply(perms, permissionKey, (c) => db.insert(sysPermission).values(c).onConflictDoNothing());
  const roles = roleSeedRows(perms);
  await apply(
    roles.roles,
    (r) => `role:${r.roleCode}`,
    (c) => db.insert(sysRole).values(c).onConflictDoNothing(),
  );
  await apply(
    roles.grants,
    (g) => g.key,
    (c) =>
      db
        .insert(sysRolePermission)
        .values(c.map(({ key: _key, ...row }) => row))
        .onConflictDoNothing(),
  );

  await apply(
    TENANTS,
    (t) => `tenant:${t.id}`,
    (c) => db.insert(sysTenant).values(c).onConflictDoNothing(),
  );
  await apply(
    departRows(),
    (d) => `depart:${d.orgCode}`,
    (c) => db.insert(sysDepart).values(c).onConflictDoNothing(),
  );
  await apply(
    positionRows(),
    (p) => `position:${p.code}`,
    (c) => db.insert(sysPosition).values(c).onConflictDoNothing(),
  );

  const createdUsers: SeedOutcome['createdUsers'] = [];
  for (const u of pending(SEED_USERS, (u) => `user:${u.username}`)) {
    const id = u.id ?? stableId(`user:${u.username}`);
    const departId = stableId(`depart:${u.orgCode}`);
    const password = opts.password?.(u.username) || randomPassword();
    const inserted = await db
      .insert(sysUser)
      .values({
        id,
        username: u.username,
        realname: u.realname,
        password: await (opts.hashPassword ?? hashPassword)(password),
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
    createdUsers.push({ username: u.username, password });
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
  const operationKeys = await seedOperations(db, ledger.applied, opts);
  const catalogueKeys = await seedCatalogue(db, ledger.applied);
  const messagingKeys = await seedMessaging(db, ledger.applied);
  // the seeded business rows belong to the seeded tenant (src/server/lib/access/tenant-scope.ts)
  if (!ledger.applied.has(TENANT_ROWS_KEY) && TENANTS[0])
    for (const table of [yyUser, yyGoods])
      await db.update(table).set({ tenantId: TENANTS[0].id }).where(isNull(table.tenantId));
  // after the customers (and their tenant), projects, technicians and fares they are made of
  const orderKeys = await seedOrders(db, ledger.applied, process.env.APP_TIMEZONE ?? 'Asia/Shanghai');
  // the technicians' time those orders hold (the booking window of the platform's settings)
  orderKeys.push(...(await seedOrderBookings(db, ledger.applied, await dispatchSettings(db))));
  // and the 派单 that assigned each (after the bookings: an overlapping 待接单 one lost its technician)
  orderKeys.push(...(await seedDispatchRecords(db, ledger.applied)));
  const exceptionKeys = await seedExceptions(db, ledger.applied);
  // the commission rules and the ledger of the completed orders (after the orders)
  exceptionKeys.push(...(await seedMoney(db, ledger.applied, process.env.APP_TIMEZONE ?? 'Asia/Shanghai')));
  // withdrawals and material orders within the balances that ledger gives (after it)
  exceptionKeys.push(...(await seedWallet(db, ledger.applied)));
  // the statements of the past two months, once all their entries are there
  exceptionKeys.push(
    ...(await seedMoneyStatements(db, ledger.applied, process.env.APP_TIMEZONE ?? 'Asia/Shanghai')),
  );
  // every key of this version is now applied (also those of rows that happened to exist already)
  await recordKeys(
    db,
    [...seedKeys(), ...operationKeys, ...catalogueKeys, ...messagingKeys, ...orderKeys, ...exceptionKeys],
    ledger.applied,
  );
  return { applied: true, createdUsers };
}

/** Ledger key of giving the seeded business rows to the seeded tenant. */
const TENANT_ROWS_KEY = 'tenant:rows';

const permissionKey = (p: PermissionInsert) => (p.menuType === 2 ? `perm:${p.perms}` : `menu:${p.url}`);

function dictSeedRows() {
  const dicts = DICTS.map((d) => ({
    id: stableId(`dict:${d.code}`),
    dictCode: d.code,
    dictName: d.name,
    type: d.type ?? 0,
    createBy: 'admin',
  }));
  const items = DICTS.flatMap((d) =>
    d.items.map((it, i) => ({
      key: `dict:${d.code}:${it.value}`,
      id: stableId(`dict:${d.code}:${it.value}`),
      dictId: stableId(`dict:${d.code}`),
      itemValue: it.value,
      itemText: it.text,
      itemColor: it.color ?? null,
      sortOrder: i + 1,
      createBy: 'admin',
    })),
  );
  return { dicts, items };
}

function roleSeedRows(perms: PermissionInsert[]) {
  const byUrl = new Map(perms.filter((p) => p.url).map((p) => [p.url!, p.id!]));
  const byCode = new Map(perms.filter((p) => p.perms).map((p) => [p.perms!, p.id!]));
  const roles = ROLES.map((role) => ({
    id: stableId(`role:${role.code}`),
    roleCode: role.code,
    roleName: role.name,
    description: role.description,
    createBy: 'admin',
  }));
  const grants = ROLES.flatMap((role) => {
    const roleId = stableId(`role:${role.code}`);
    const ids =
      role.grants === 'all'
        ? perms.map((p) => p.id!)
        : [...role.grants.menus.map((u) => byUrl.get(u)), ...role.grants.perms.map((c) => byCode.get(c))];
    return ids
      .filter((id): id is string => !!id)
      .map((permissionId) => ({
        key: `rp:${roleId}:${permissionId}`,
        id: stableId(`rp:${roleId}:${permissionId}`),
        roleId,
        permissionId,
      }));
  });
  return { roles, grants };
}

const departRows = () =>
  DEPARTS.map((d) => ({
    ...d,
    id: stableId(`depart:${d.orgCode}`),
    parentId: d.parentOrgCode ? stableId(`depart:${d.parentOrgCode}`) : null,
    orgType: String(d.orgCode.length / 3),
    createBy: 'admin',
  }));

const positionRows = () =>
  POSITIONS.map((p) => ({ ...p, id: stableId(`position:${p.code}`), createBy: 'admin' }));

/** Every key of the current seed data. */
function seedKeys(): string[] {
  const perms = menuRows();
  const dicts = dictSeedRows();
  const roles = roleSeedRows(perms);
  return [
    ...dicts.dicts.map((d) => `dict:${d.dictCode}`),
    ...dicts.items.map((i) => i.key),
    ...perms.map(permissionKey),
    ...roles.roles.map((r) => `role:${r.roleCode}`),
    ...roles.grants.map((g) => g.key),
    ...TENANTS.map((t) => `tenant:${t.id}`),
    ...DEPARTS.map((d) => `depart:${d.orgCode}`),
    ...POSITIONS.map((p) => `position:${p.code}`),
    ...SEED_USERS.map((u) => `user:${u.username}`),
    TENANT_ROWS_KEY,
  ];
}

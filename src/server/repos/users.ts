import { and, asc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysRole, sysUser, sysUserDepart, sysUserRole } from '../db/schema/index.ts';
import { listEntities, type EntityList } from '../lib/query/entity-list.ts';
import { allOf, buildFilters, type EntityFields } from '../lib/query/query-generator.ts';
import { buildSuperQuery } from '../lib/query/super-query.ts';
import { dictLookup, dictText, type DictLookup } from './dicts.ts';
import { departNamesByUser, departSubtreeIds } from './departs.ts';
import { userJson } from './user-json.ts';
import type { UserRow } from '../plugins/auth.ts';

/** Allow-list of SysUser properties usable as filters and sort columns. */
export const USER_FIELDS: EntityFields = {
  id: { column: sysUser.id, type: 'string' },
  username: { column: sysUser.username, type: 'string' },
  realname: { column: sysUser.realname, type: 'string' },
  sex: { column: sysUser.sex, type: 'int' },
  birthday: { column: sysUser.birthday, type: 'date' },
  email: { column: sysUser.email, type: 'string' },
  phone: { column: sysUser.phone, type: 'string' },
  orgCode: { column: sysUser.orgCode, type: 'string' },
  status: { column: sysUser.status, type: 'int' },
  workNo: { column: sysUser.workNo, type: 'string' },
  post: { column: sysUser.post, type: 'string' },
  telephone: { column: sysUser.telephone, type: 'string' },
  userIdentity: { column: sysUser.userIdentity, type: 'int' },
  activitiSync: { column: sysUser.activitiSync, type: 'int' },
  /** the partner whose staff the account is (lib/access/partner-scope.ts) */
  partnerId: { column: sysUser.partnerId, type: 'string' },
  createBy: { column: sysUser.createBy, type: 'string' },
  createTime: { column: sysUser.createTime, type: 'datetime' },
  updateBy: { column: sysUser.updateBy, type: 'string' },
  updateTime: { column: sysUser.updateTime, type: 'datetime' },
};

/** 用户管理 as a list data rules narrow (lib/access/data-rules.ts): its menu's component and allow-list. */
export const USER_RULE_TARGET = { component: 'system/UserList', fields: USER_FIELDS } as const;

const DEFAULT_SORT = { column: 'createTime', order: 'desc' } as const;
const RESERVED_USERNAME = '_reserve_user_external';

type Query = Record<string, unknown>;

const alive = () => and(eq(sysUser.delFlag, 0), ne(sysUser.username, RESERVED_USERNAME));

/**
 * Build the WHERE of a users list request (filters + super query + departId + code); exported for
 * the benchmark.
 */
export async function userListWhere(
  db: Db,
  query: Query,
  tz: string,
  reach?: SQL,
  hidden?: ReadonlySet<string>,
): Promise<SQL | undefined> {
  const fields = userFieldsWithout(hidden);
  const conds: Array<SQL | undefined> = [
    alive(),
    reach,
    ...buildFilters(fields, query, tz),
    buildSuperQuery(fields, query, tz),
  ];
  const departId = typeof query.departId === 'string' ? query.departId.trim() : '';
  if (departId) {
    conds.push(
      inArray(
        sysUser.id,
        db.select({ id: sysUserDepart.userId }).from(sysUserDepart).where(eq(sysUserDepart.depId, departId)),
      ),
    );
  }
  const code = typeof query.code === 'string' ? query.code.split(',').filter(Boolean) : [];
  if (code.length) conds.push(inArray(sysUser.id, code));
  return allOf(conds);
}

/** Paged users with `orgCodeTxt` and `_dictText` fields (GET /sys/user/list). */
export async function listUsers(
  db: Db,
  query: Query,
  tz: string,
  opts: { reach?: SQL; hidden?: ReadonlySet<string> } = {},
) {
  const codes = typeof query.code === 'string' ? query.code.split(',').filter(Boolean) : [];
  // `code=id1,id2,…` asks for those users: the page holds all of them (jeecg-api.md §6.1)
  const paging = codes.length ? { pageNo: 1, pageSize: codes.length, offset: 0 } : undefined;
  return listEntities(db, usersWithout(opts.hidden), query, tz, {
    where: await userListWhere(db, query, tz, opts.reach, opts.hidden),
    paging,
  });
}

/**
 * The filter and sort allow-list without the fields a caller may not see, so that a hidden field
 * is treated exactly like a property that is not in the allow-list: a plain filter on it is
 * ignored (QueryGenerator ignores unknown parameters), a sort or super-query condition on it is
 * refused with the unknown-column / unknown-field message. Answering either would let the caller
 * read the field through which rows match (`?sex=2`) or how they order; a distinct refusal would
 * tell them that the field exists and is hidden.
 */
export function userFieldsWithout(hidden: ReadonlySet<string> | undefined): EntityFields {
  if (!hidden?.size) return USER_FIELDS;
  return Object.fromEntries(Object.entries(USER_FIELDS).filter(([key]) => !hidden.has(key)));
}

/**
 * The users list without the fields a caller may not see (field rights; the list as is when none):
 * not in its answer rows, and not usable to filter or sort by (`userFieldsWithout`).
 */
export function usersWithout(hidden: ReadonlySet<string> | undefined): typeof USER_LIST {
  if (!hidden?.size) return USER_LIST;
  return {
    ...USER_LIST,
    fields: userFieldsWithout(hidden),
    async decorator(db, tz) {
      const decorate = await USER_LIST.decorator(db, tz);
      return async (rows) => withoutFields(await decorate(rows), hidden);
    },
  };
}

/** Rows without `hidden` fields and their `_dictText` siblings. */
export function withoutFields<R extends Record<string, unknown>>(
  rows: R[],
  hidden: ReadonlySet<string>,
): R[] {
  return rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const f of hidden) {
      delete out[f];
      delete out[`${f}_dictText`];
    }
    return out as R;
  });
}

/** The dictionaries user rows are translated with (read once per request or export). */
export const userDictLookup = (db: Db) => dictLookup(db, ['sex', 'user_status']);

/**
 * What a user row shows beside its own columns, read with the row (`EntityList.readWith`) as
 * correlated subqueries: the names of the departments the user belongs to (JeecgBoot's
 * `orgCodeTxt`, by org code) and the names behind the `post` codes and the `departIds` ids.
 */
export const userReadWith = () => ({
  orgCodeTxt: sql<string | null>`(SELECT string_agg(d.depart_name, ',' ORDER BY d.org_code)
    FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
    WHERE ud.user_id = "sys_user"."id")`.as('org_code_txt'),
  postNames: sql<unknown>`(SELECT json_object_agg(p.code, p.name) FROM sys_position p
    WHERE p.code = ANY(string_to_array("sys_user"."post", ',')))`.as('post_names'),
  departNames: sql<unknown>`(SELECT json_object_agg(d.id, d.depart_name) FROM sys_depart d
    WHERE d.id = ANY(string_to_array("sys_user"."depart_ids", ',')))`.as('depart_names'),
});

/** A user row read with `userReadWith`. */
export type UserReadRow = UserRow & {
  orgCodeTxt: string | null;
  postNames: unknown;
  departNames: unknown;
};

/** Users by id, read with what their list record shows (`decorateUsers`). */
export const selectUsersWithNames = (db: Db, where: SQL | undefined): Promise<UserReadRow[]> =>
  db
    .select({ ...getTableColumns(sysUser), ...userReadWith() })
    .from(sysUser)
    .where(where);

/** A `json_object_agg` value as a map (PGlite and node-postgres both parse json; text is parsed). */
function nameMap(value: unknown): Map<string, string> {
  const obj = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return new Map(obj && typeof obj === 'object' ? Object.entries(obj as Record<string, string>) : []);
}

/** Add orgCodeTxt and the `_dictText` siblings to user rows read with `userReadWith`. */
export async function decorateUsers(db: Db, rows: UserReadRow[], tz: string, dicts?: DictLookup) {
  if (rows.length === 0) return [];
  const lookup = dicts ?? (await userDictLookup(db));
  return rows.map(({ orgCodeTxt, postNames, departNames, ...u }) => {
    const posts = nameMap(postNames);
    const departs = nameMap(departNames);
    return {
      ...userJson(u, tz, { orgCodeTxt: orgCodeTxt ?? null }),
      sex_dictText: dictText((v) => lookup('sex', v), u.sex),
      status_dictText: dictText((v) => lookup('user_status', v), u.status),
      post_dictText: dictText((v) => posts.get(v), u.post),
      departIds_dictText: dictText((v) => departs.get(v), u.departIds),
    };
  });
}

/** A users list record: SysUser JSON with orgCodeTxt and the `_dictText` siblings. */
export type UserListJson = Awaited<ReturnType<typeof decorateUsers>>[number];

/** The users list (GET /sys/user/list, exportXls); its WHERE is `userListWhere`. */
export const USER_LIST: EntityList<typeof sysUser, UserListJson> = {
  table: sysUser,
  fields: USER_FIELDS,
  defaultSort: DEFAULT_SORT,
  tieBreaker: sysUser.id,
  scope: alive,
  readWith: userReadWith,
  async decorator(db, tz) {
    const dicts = await userDictLookup(db);
    return (rows) => decorateUsers(db, rows as UserReadRow[], tz, dicts);
  },
};

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0)))
    .limit(1);
  return u;
}

/** Includes logically deleted users: login distinguishes "不存在" from "已注销". */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(sysUser).where(eq(sysUser.username, username)).limit(1);
  return u;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(sysUser).where(eq(sysUser.phone, phone)).limit(1);
  return u;
}

export async function userRoleIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.roleId);
}

export async function userRoleCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: sysRole.roleCode })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.code);
}

/** Users of a department and its sub-departments (GET /sys/user/queryUserByDepId). */
export async function usersOfDepartTree(
  db: Db,
  departId: string,
  realname: string | undefined,
  tz: string,
  reach?: SQL,
) {
  const depIds = await departSubtreeIds(db, departId);
  if (depIds.length === 0) return [];
  const rows = await db
    .select()
    .from(sysUser)
    .where(
      and(
        alive(),
        reach,
        inArray(
          sysUser.id,
          db
            .selectDistinct({ id: sysUserDepart.userId })
            .from(sysUserDepart)
            .where(inArray(sysUserDepart.depId, depIds)),
        ),
        realname ? sql`${sysUser.realname} ILIKE ${`%${realname.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      ),
    )
    .orderBy(asc(sysUser.username));
  const names = await departNamesByUser(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((u) => userJson(u, tz, { orgCodeTxt: names.get(u.id) ?? null }));
}

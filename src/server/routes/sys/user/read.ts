import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { sysUser } from '../../../db/schema/index.ts';
import { allOf, buildFilters } from '../../../lib/query/query-generator.ts';
import { BizError, bare, fail, ok } from '../../../lib/http/result.ts';
import { requiredIds } from '../../../lib/http/validate.ts';
import { userDeparts } from '../../../repos/departs.ts';
import { userJson } from '../../../repos/user-json.ts';
import {
  USER_FIELDS,
  findUserById,
  listUsers,
  userRoleIds,
  userFieldsWithout,
  usersOfDepartTree,
  withoutFields,
} from '../../../repos/users.ts';
import { userFieldRights, userReach } from '../../../repos/user-tenants.ts';
import { listReachesUser, userListReach } from './list-scope.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route } from '../../../lib/http/route.ts';

/** The user fields field rights may govern (`user:sex`, `user:form:phone` …). */
export const USER_FIELD_KEYS = [...Object.keys(USER_FIELDS), 'avatar', 'relTenantIds', 'departIds'];

/** The user fields a request may not see (field rights): stripped from every list of users. */
export const hiddenUserFields = async (
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<ReadonlySet<string>> => (await userFieldRights(app, req, USER_FIELD_KEYS)).hidden;

type Q = Record<string, string | undefined>;

/**
 * What a user picker shows (name, account, picture, department): the only fields the pickers
 * answer, filter and sort by. Anyone holding 选择用户 may call them, so phone, e-mail, birthday and
 * the rest of a user's record stay on the user screens.
 */
export const PICKER_USER_FIELDS = [
  'id',
  'username',
  'realname',
  'avatar',
  'orgCode',
  'orgCodeTxt',
  'departIds',
];
const PICKER_FIELD_SET = new Set(PICKER_USER_FIELDS);
/**
 * the user fields no picker shows, hidden from the pickers as field rights hide them; the creation
 * time stays sortable (the lists' default order, which the original client sends) but is not shown
 */
const NOT_PICKED = USER_FIELD_KEYS.filter((key) => !PICKER_FIELD_SET.has(key) && key !== 'createTime');

/** A user row with only what a picker shows. */
const picked = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => PICKER_FIELD_SET.has(key)));

/** Most users one queryByIds call names. */
const QUERY_BY_IDS_CAP = 1000;

/** Wrap a bare search word as a `*word*` LIKE, leaving explicit operator syntax alone. */
const contains = (v: string | undefined) => (v && !/[*,!<>=]/.test(v) ? `*${v}*` : v);

/** User reads: the admin list and the pickers other screens use (jeecg-api.md §6.1). */
export default async function userReadRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  /** the users a request reaches and the fields it may not see */
  const scopeOf = async (req: FastifyRequest) => ({
    reach: userReach(req),
    hidden: await hiddenUserFields(app, req),
  });
  /** a user the request reaches, by id (tenant isolation) */
  const reachable = async (req: FastifyRequest, id: string | undefined) => {
    const user = id ? await findUserById(db, id) : undefined;
    return user && (await listReachesUser(req, user.id)) ? user : undefined;
  };

  route<{ Querystring: Q }>(app, ENDPOINTS.user.list, async (req) =>
    bare(await listUsers(db, req.query, tz, { ...(await scopeOf(req)), reach: await userListReach(req) })),
  );

  route<{ Querystring: Q }>(app, ENDPOINTS.user.queryById, async (req) => {
    const user = await reachable(req, req.query.id);
    if (!user) throw new BizError('未找到对应实体');
    const { hidden } = await scopeOf(req);
    return ok(withoutFields([userJson(user, tz)], hidden)[0]);
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.user.queryUserRole, async (req) => {
    const ids = (await reachable(req, req.query.userid)) ? await userRoleIds(db, req.query.userid!) : [];
    return ids.length ? ok(ids) : fail('未找到用户相关角色信息');
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.user.userDepartList, async (req) => {
    const departs = (await reachable(req, req.query.userId)) ? await userDeparts(db, req.query.userId!) : [];
    if (departs.length === 0) return fail('查找失败');
    return ok(departs.map((d) => ({ key: d.id, value: d.id, title: d.departName, children: [] })));
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.user.queryUserByDepId, async (req) => {
    if (!req.query.id) throw new BizError('请选择部门');
    const { reach, hidden } = await scopeOf(req);
    return ok(
      withoutFields(await usersOfDepartTree(db, req.query.id, req.query.realname, tz, reach), hidden),
    );
  });

  /** a picker's scope: the caller's, with every field no picker shows hidden too */
  const pickerScope = async (req: FastifyRequest) => {
    const { reach, hidden } = await scopeOf(req);
    return { reach, hidden: new Set([...hidden, ...NOT_PICKED]) };
  };

  route<{ Querystring: Q }>(app, ENDPOINTS.user.queryUserComponentData, async (req) => {
    const q = req.query;
    const query: Q = {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      column: q.column,
      order: q.order,
      departId: q.departId,
      id: q.id,
      realname: contains(q.realname),
      username: contains(q.username),
    };
    const page = await listUsers(db, query, tz, await pickerScope(req));
    return ok({ ...page, records: (page.records as Array<Record<string, unknown>>).map(picked) });
  });

  /** Bare JSON array (not wrapped in Result), as JeecgBoot answers it. */
  route<{ Querystring: Q }>(app, ENDPOINTS.user.getMultiUser, async (req) => {
    const { hidden } = await pickerScope(req);
    const rows = await db
      .select()
      .from(sysUser)
      .where(
        and(
          eq(sysUser.delFlag, 0),
          eq(sysUser.status, 1),
          userReach(req),
          allOf(buildFilters(userFieldsWithout(hidden), req.query, tz)),
        ),
      )
      .orderBy(asc(sysUser.username))
      .limit(1000);
    return withoutFields(
      rows.map((u) => userJson(u, tz)),
      hidden,
    ).map(picked);
  });

  /**
   * The users named by `userIds` (the original client's picker shows the names of those already
   * chosen): live users the caller reaches, with only what a picker shows, in the order asked.
   */
  route<{ Querystring: Q }>(app, ENDPOINTS.user.queryByIds, async (req) => {
    const ids = [...new Set(requiredIds(req.query.userIds, '请选择用户'))];
    if (ids.length > QUERY_BY_IDS_CAP) throw new BizError(`一次最多查询${QUERY_BY_IDS_CAP}个用户`);
    const { hidden } = await pickerScope(req);
    const rows = await db
      .select()
      .from(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), userReach(req)));
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return ok(
      withoutFields(
        rows.map((u) => userJson(u, tz)),
        hidden,
      ).map(picked),
    );
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  changePasswordSchema,
  frozenBatchSchema,
  idListSchema,
  userAddSchema,
  userEditSchema,
  USER_STATUS,
} from '../../../../shared/user.ts';
import { sysUser, yyPartner } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { hashPassword } from '../../../lib/access/password.ts';
import { newId } from '../../../lib/query/ids.ts';
import { BizError, fail, ok, okMessage } from '../../../lib/http/result.ts';
import { oneParam, parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { findUserById, findUserByUsername, userRoleIds } from '../../../repos/users.ts';
import { assertRolesGrantable, assertUsersWithin, grantCaller } from '../../../repos/role-grants.ts';
import {
  assertLinksExist,
  assertPostsExist,
  findTaken,
  liveUsersIn,
  replaceLinks,
  setPassword,
  type UniqueKey,
} from '../../../repos/user-write.ts';
import { revokeUserTokens } from '../../../repos/tokens.ts';
import { caller, type UserRow } from '../../../plugins/auth.ts';
import { assertWritableFields } from '../../../lib/access/field-rights.ts';
import { requestAccess } from '../../../lib/access/tenant-scope.ts';
import { userFieldRights, userTenantsToWrite } from '../../../repos/user-tenants.ts';
import { listReachesUser, userListReach } from './list-scope.ts';
import { publishSavedUsers } from './publish-users.ts';
import { USER_FIELD_KEYS } from './read.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route, routeOf } from '../../../lib/http/route.ts';

type Q = Record<string, string | undefined>;

const editableFields = (b: ReturnType<typeof userEditSchema.parse>) => ({
  realname: b.realname,
  sex: b.sex ?? null,
  birthday: b.birthday,
  email: b.email,
  phone: b.phone,
  telephone: b.telephone,
  workNo: b.workNo,
  post: b.post,
  avatar: b.avatar,
  userIdentity: b.userIdentity ?? 1,
  activitiSync: b.activitiSync ?? 1,
  relTenantIds: b.relTenantIds,
  partnerId: b.partnerId ?? null,
});

/** A partner binding names an existing partner (商户档案). */
async function assertPartner(db: Db, partnerId: string | null | undefined): Promise<void> {
  if (!partnerId) return;
  const [found] = await db.select({ id: yyPartner.id }).from(yyPartner).where(eq(yyPartner.id, partnerId));
  if (!found) throw new BizError('所属商户不存在');
}

/** The position codes of a user's comma-separated 职务. */
const postCodes = (post: string | null | undefined): string[] => idListSchema.parse(post);

/** Keep the fields the client sent: an edit that omits a field leaves it as it was. */
function onlyGiven<T extends Record<string, unknown>>(fields: T, raw: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => Object.hasOwn(raw, k))) as Partial<T>;
}

/** Ids from `id` / `ids` query params; the acting user can never target their own account. */
function targetIds(raw: string | undefined, selfId: string, selfMessage: string): string[] {
  const ids = requiredIds(raw);
  if (ids.includes(selfId)) throw new BizError(selfMessage);
  return ids;
}

async function logicalDelete(db: Db, ids: string[], by: string) {
  await db.update(sysUser).set({ delFlag: 1, updateBy: by, updateTime: new Date() }).where(liveUsersIn(ids));
  await revokeUserTokens(db, ids);
}

/** A user field's label (the schemas' descriptions), for refusals naming it. */
const fieldTitle = (key: string): string =>
  (userEditSchema.shape as Record<string, { description?: string } | undefined>)[key]?.description?.replace(
    /（.*$/,
    '',
  ) ?? key;

/**
 * User administration writes (jeecg-api.md §6.1). Every target must be a user the request reaches
 * (tenant isolation: another tenant's user is "not found" / left alone), and a write to a field
 * the caller lacks the right of is refused (src/server/lib/access/field-rights.ts).
 */
export default async function userCrudRoutes(app: FastifyInstance) {
  const db = app.db;

  /** live users of `ids` this request reaches as its list does (tenant, data rules) */
  const targets = async (req: FastifyRequest, ids: string[]) =>
    and(liveUsersIn(ids), await userListReach(req))!;
  /** refuse ids the request does not reach: they are not there for this caller */
  const assertReached = async (req: FastifyRequest, ids: string[]) => {
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(await targets(req, ids));
    if (found.length !== new Set(ids).size) throw new BizError('未找到对应实体');
  };
  const checkFields = async (req: FastifyRequest, data: Record<string, unknown>, original?: UserRow) =>
    assertWritableFields(
      await userFieldRights(app, req, USER_FIELD_KEYS),
      data,
      original as Record<string, unknown> | undefined,
      fieldTitle,
    );

  const publishSaved = (req: FastifyRequest, ids: string[]) => publishSavedUsers(app, req, ids);

  route(app, ENDPOINTS.user.add, async (req) => {
    const by = caller(req).user.username;
    const b = parseWith(userAddSchema, req.body);
    await checkFields(req, b as Record<string, unknown>);
    await assertPartner(db, b.partnerId);
    const relTenantIds = await userTenantsToWrite(db, requestAccess(req), b.relTenantIds, undefined, true);
    const taken = await findTaken(db, b);
    if (taken) throw new BizError(taken);
    await assertLinksExist(db, b.selectedroles, b.selecteddeparts);
    await assertRolesGrantable(db, grantCaller(req), b.selectedroles);
    await assertPostsExist(db, postCodes(b.post));
    const password = await hashPassword(b.password);
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.insert(sysUser).values({
        id,
        username: b.username,
        password,
        salt: null,
        ...editableFields({ ...b, id }),
        relTenantIds: relTenantIds ?? null,
        status: USER_STATUS.normal,
        delFlag: 0,
        orgCode: null,
        departIds: b.selecteddeparts.join(',') || null,
        createBy: by,
      });
      await replaceLinks(tx as unknown as Db, id, { roles: b.selectedroles, departs: b.selecteddeparts });
    });
    await publishSaved(req, [id]);
    return okMessage('添加成功！');
  });

  app.route({
    ...routeOf(ENDPOINTS.user.edit),
    handler: async (req) => {
      const by = caller(req).user.username;
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const b = parseWith(userEditSchema, raw);
      const found = await findUserById(db, b.id);
      const existing = found && (await listReachesUser(req, found.id)) ? found : undefined;
      if (!existing) throw new BizError('未找到对应实体');
      await assertUsersWithin(db, grantCaller(req), [existing.id], '编辑');
      await checkFields(
        req,
        Object.fromEntries(Object.entries(b).filter(([k]) => Object.hasOwn(raw, k))),
        existing,
      );
      if ('partnerId' in raw) await assertPartner(db, b.partnerId);
      const relTenantIds = await userTenantsToWrite(
        db,
        requestAccess(req),
        'relTenantIds' in raw ? b.relTenantIds : undefined,
        existing.relTenantIds,
        false,
      );
      const taken = await findTaken(db, b as Partial<Record<UniqueKey, string | null>>, b.id);
      if (taken) throw new BizError(taken);
      const links = {
        roles: 'selectedroles' in raw ? b.selectedroles : undefined,
        departs: 'selecteddeparts' in raw ? b.selecteddeparts : undefined,
      };
      await assertLinksExist(db, links.roles ?? [], links.departs ?? []);
      // the grant limit: a role newly given carries only rights the caller holds
      const had = new Set(await userRoleIds(db, b.id));
      await assertRolesGrantable(
        db,
        grantCaller(req),
        (links.roles ?? []).filter((r) => !had.has(r)),
      );
      // codes the user already holds stay valid even if that position was deleted since
      const held = new Set(postCodes(existing.post));
      if ('post' in raw)
        await assertPostsExist(
          db,
          postCodes(b.post).filter((c) => !held.has(c)),
        );
      await db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({
            ...onlyGiven(editableFields(b), raw),
            ...(relTenantIds !== undefined ? { relTenantIds } : {}),
            ...(links.departs ? { departIds: links.departs.join(',') || null } : {}),
            updateBy: by,
            updateTime: new Date(),
          })
          .where(eq(sysUser.id, b.id));
        await replaceLinks(tx as unknown as Db, b.id, links);
      });
      await publishSaved(req, [b.id]);
      return okMessage('修改成功!');
    },
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.user.delete, async (req) => {
    const me = caller(req).user;
    const ids = targetIds(req.query.id, me.id, '不能删除当前登录用户');
    await assertReached(req, ids);
    await assertUsersWithin(db, grantCaller(req), ids, '删除');
    await logicalDelete(db, ids, me.username);
    return okMessage('删除用户成功');
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.user.deleteBatch, async (req) => {
    const me = caller(req).user;
    const ids = targetIds(req.query.ids, me.id, '不能删除当前登录用户');
    await assertReached(req, ids);
    await assertUsersWithin(db, grantCaller(req), ids, '删除');
    await logicalDelete(db, ids, me.username);
    return okMessage('批量删除用户成功');
  });

  route(app, ENDPOINTS.user.frozenBatch, async (req) => {
    const me = caller(req).user;
    const b = parseWith(frozenBatchSchema, req.body);
    const ids = targetIds(b.ids.join(','), me.id, '不能冻结当前登录用户');
    await assertReached(req, ids);
    await assertUsersWithin(db, grantCaller(req), ids, '冻结');
    await db
      .update(sysUser)
      .set({ status: b.status, updateBy: me.username, updateTime: new Date() })
      .where(liveUsersIn(ids));
    if (b.status === USER_STATUS.frozen) await revokeUserTokens(db, ids);
    await publishSaved(req, ids);
    return okMessage('操作成功!');
  });

  route(app, ENDPOINTS.user.changePassword, async (req) => {
    const me = caller(req).user;
    const b = parseWith(changePasswordSchema, req.body);
    const user = await findUserByUsername(db, b.username);
    if (!user || user.delFlag === 1 || !(await listReachesUser(req, user.id)))
      throw new BizError('用户不存在');
    // a reset hands over the account: only of a user holding no right beyond the caller's
    await assertUsersWithin(db, grantCaller(req), [user.id], '重置其密码');
    await setPassword(db, user.id, b.password, me.username, { mustChange: true });
    return okMessage('密码修改成功!');
  });

  /** Anonymous: the registration form checks whether an account name, phone or email is free. */
  route<{ Querystring: Q }>(
    app,
    ENDPOINTS.auth.checkOnlyUser,
    // no automatic HEAD route: it would have a rate-limit bucket of its own (and its length tells)
    { config: { rateLimit: app.config.rateLimits.check }, exposeHeadRoute: false },
    async (req) => {
      const q = req.query;
      const one = (name: string) => oneParam(q, name);
      const values = {
        username: one('username'),
        phone: one('phone'),
        email: one('email'),
        workNo: one('workNo'),
      };
      if (!Object.values(values).some(Boolean)) return fail('请输入要校验的值');
      const taken = await findTaken(db, values, one('id'));
      return taken ? fail('用户账号已存在') : ok(true, '该值可用！');
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { sysDepartRole, sysDepartRoleUser, sysUser } from '../../../db/schema/index.ts';
import {
  DEPART_ROLE_ENDPOINTS as EP,
  DEPART_ROLE_MSG as M,
  departRoleAddSchema,
  departRoleEditSchema,
  departRoleUsersSchema,
  deptRoleUserAddSchema,
  idDiff,
} from '../../../../shared/depart-role.ts';
import { DEPART_MSG } from '../../../../shared/depart.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, ok, okMessage, page } from '../../../lib/http/result.ts';
import { oneParam, parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { parsePaging } from '../../../lib/query/query-generator.ts';
import { formatDateTime } from '../../../lib/http/time.ts';
import { newId } from '../../../lib/query/ids.ts';
import { findDepart } from '../../../repos/depart-write.ts';
import {
  deleteDepartRoles,
  departUserIds,
  findDepartRole,
  type DepartRoleRow,
} from '../../../repos/depart-roles.ts';
import { caller } from '../../../plugins/auth.ts';
import { assertDepartRolesEditable, grantCaller } from '../../../repos/role-grants.ts';
import { assertUsersReached, reachedUserIds, userReach } from '../../../repos/user-tenants.ts';
import { withoutFields } from '../../../repos/users.ts';
import { hiddenUserFields } from '../user/read.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * Department roles (jeecg-api.md §6.4 /sys/sysDepartRole): roles inside one department, listed and
 * edited; their members, per user (`deptRoleUserAdd`, JeecgBoot's) or per role (`userList`,
 * `addUsers`, `removeUsers`, ours), always users of the role's department.
 */
export default async function departRoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;
  const json = (r: DepartRoleRow) => ({
    id: r.id,
    departId: r.departId,
    roleName: r.roleName,
    roleCode: r.roleCode,
    description: r.description,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime, tz),
    updateBy: r.updateBy,
    updateTime: formatDateTime(r.updateTime, tz),
  });
  const role = async (id: string | undefined) => {
    const r = id ? await findDepartRole(db, id) : undefined;
    if (!r) throw new BizError(M.roleMissing);
    return r;
  };
  const codeFree = async (departId: string, code: string, except?: string) => {
    const [taken] = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(
        and(
          eq(sysDepartRole.departId, departId),
          eq(sysDepartRole.roleCode, code),
          except ? ne(sysDepartRole.id, except) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new BizError(M.roleCodeTaken);
  };

  route<{ Querystring: Q }>(app, EP.list, async (req) => {
    const deptId = oneParam(req.query, 'deptId') ?? oneParam(req.query, 'departId');
    if (!deptId) throw new BizError(M.departMissing);
    const { pageNo, pageSize, offset } = parsePaging(req.query);
    const roleName = oneParam(req.query, 'roleName');
    const where = and(
      eq(sysDepartRole.departId, deptId),
      // exact, as JeecgBoot's QueryGenerator for a plain value
      roleName ? eq(sysDepartRole.roleName, roleName) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(sysDepartRole)
        .where(where)
        .orderBy(desc(sysDepartRole.createTime), asc(sysDepartRole.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ n: count() }).from(sysDepartRole).where(where),
    ]);
    return ok(page(rows.map(json), total?.n ?? 0, pageNo, pageSize));
  });

  route<{ Querystring: Q }>(app, EP.queryById, async (req) =>
    ok(json(await role(oneParam(req.query, 'id')))),
  );

  route(app, EP.add, async (req) => {
    const b = parseWith(departRoleAddSchema, req.body);
    if (!(await findDepart(db, b.departId))) throw new BizError(DEPART_MSG.notFound);
    await codeFree(b.departId, b.roleCode);
    await db.insert(sysDepartRole).values({ id: newId(), ...b, createBy: caller(req).user.username });
    return okMessage('添加成功！');
  });

  route(app, EP.edit, async (req) => {
    const b = parseWith(departRoleEditSchema, req.body);
    const r = await role(b.id);
    await assertDepartRolesEditable(db, grantCaller(req), [r.id]);
    await codeFree(r.departId, b.roleCode, r.id);
    const { id: _id, ...fields } = b;
    await db
      .update(sysDepartRole)
      .set({ ...fields, updateBy: caller(req).user.username, updateTime: new Date() })
      .where(eq(sysDepartRole.id, r.id));
    return okMessage('编辑成功!');
  });

  const remove = async (ids: string[]) => {
    const found = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(inArray(sysDepartRole.id, ids));
    if (found.length !== new Set(ids).size) throw new BizError(M.roleMissing);
    await deleteDepartRoles(db, ids);
    return okMessage('删除成功!');
  };
  route<{ Querystring: Q }>(app, EP.delete, async (req) => remove(requiredIds(req.query.id)));
  route<{ Querystring: Q }>(app, EP.deleteBatch, async (req) => remove(requiredIds(req.query.ids)));

  route<{ Querystring: Q }>(app, EP.getDeptRoleList, async (req) => {
    const departId = oneParam(req.query, 'departId');
    if (!departId) throw new BizError(M.departMissing);
    const rows = await db
      .select()
      .from(sysDepartRole)
      .where(eq(sysDepartRole.departId, departId))
      .orderBy(asc(sysDepartRole.createTime), asc(sysDepartRole.id));
    return ok(rows.map(json));
  });

  route<{ Querystring: Q }>(app, EP.getDeptRoleByUserId, async (req) => {
    const userId = oneParam(req.query, 'userId');
    const departId = oneParam(req.query, 'departId');
    if (!userId) throw new BizError(M.userMissing);
    // another tenant's user has no department roles for this caller
    if (!(await reachedUserIds(db, req, [userId])).size) return ok(null);
    const rows = await db
      .select({
        id: sysDepartRoleUser.id,
        userId: sysDepartRoleUser.userId,
        droleId: sysDepartRoleUser.droleId,
      })
      .from(sysDepartRoleUser)
      .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
      .where(
        and(
          eq(sysDepartRoleUser.userId, userId),
          departId ? eq(sysDepartRole.departId, departId) : undefined,
        ),
      );
    return ok(rows.length ? rows : null);
  });

  /** the members being added are users of the department (and of the caller's tenants) */
  const inDepart = async (departId: string, userIds: string[]) => {
    const members = await departUserIds(db, departId);
    if (userIds.some((u) => !members.has(u))) throw new BizError(M.notInDepart);
  };

  route(app, EP.deptRoleUserAdd, async (req) => {
    const b = parseWith(deptRoleUserAddSchema, req.body);
    await assertUsersReached(db, req, [b.userId], M.userMissing);
    const current = await db
      .select({ droleId: sysDepartRoleUser.droleId })
      .from(sysDepartRoleUser)
      .where(eq(sysDepartRoleUser.userId, b.userId));
    const { added, removed } = idDiff(
      b.newRoleId,
      // only the roles the client showed (oldRoleId) may be taken away: other departments' stay
      current.map((c) => c.droleId).filter((id) => b.oldRoleId.includes(id)),
    );
    // giving or taking away a department role the caller could not fully grant is refused
    await assertDepartRolesEditable(db, grantCaller(req), [...added, ...removed]);
    if (added.length) {
      const roles = await db.select().from(sysDepartRole).where(inArray(sysDepartRole.id, added));
      if (roles.length !== added.length) throw new BizError(M.roleMissing);
      for (const departId of new Set(roles.map((r) => r.departId))) await inDepart(departId, [b.userId]);
    }
    await db.transaction(async (tx) => {
      if (removed.length)
        await tx
          .delete(sysDepartRoleUser)
          .where(and(eq(sysDepartRoleUser.userId, b.userId), inArray(sysDepartRoleUser.droleId, removed)));
      if (added.length)
        await tx
          .insert(sysDepartRoleUser)
          .values(added.map((droleId) => ({ id: newId(), userId: b.userId, droleId })))
          .onConflictDoNothing();
    });
    return okMessage('添加成功!');
  });

  route<{ Querystring: Q }>(app, EP.userList, async (req) => {
    const r = await role(oneParam(req.query, 'roleId'));
    const { pageNo, pageSize, offset } = parsePaging(req.query);
    const where = and(eq(sysDepartRoleUser.droleId, r.id), eq(sysUser.delFlag, 0), userReach(req));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: sysUser.id,
          username: sysUser.username,
          realname: sysUser.realname,
          phone: sysUser.phone,
        })
        .from(sysDepartRoleUser)
        .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
        .where(where)
        .orderBy(asc(sysUser.username))
        .limit(pageSize)
        .offset(offset),
      db
        .select({ n: count() })
        .from(sysDepartRoleUser)
        .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
        .where(where),
    ]);
    // the fields the caller may not see are left out, as in /sys/user/list
    return ok(page(withoutFields(rows, await hiddenUserFields(app, req)), total?.n ?? 0, pageNo, pageSize));
  });

  route(app, EP.addUsers, async (req) => {
    const b = parseWith(departRoleUsersSchema, req.body);
    const r = await role(b.roleId);
    const ids = [...new Set(b.userIds)];
    await assertDepartRolesEditable(db, grantCaller(req), [r.id]);
    await assertUsersReached(db, req, ids, M.userMissing);
    await inDepart(r.departId, ids);
    await db
      .insert(sysDepartRoleUser)
      .values(ids.map((userId) => ({ id: newId(), userId, droleId: r.id })))
      .onConflictDoNothing();
    return okMessage('添加成功!');
  });

  route<{ Querystring: Q }>(app, EP.removeUsers, async (req) => {
    const r = await role(oneParam(req.query, 'roleId'));
    await assertDepartRolesEditable(db, grantCaller(req), [r.id]);
    // users of tenants the caller does not reach are left alone
    const ids = [...(await reachedUserIds(db, req, requiredIds(req.query.userIds)))];
    if (!ids.length) return okMessage('删除成功!');
    await db
      .delete(sysDepartRoleUser)
      .where(and(eq(sysDepartRoleUser.droleId, r.id), inArray(sysDepartRoleUser.userId, ids)));
    return okMessage('删除成功!');
  });
}

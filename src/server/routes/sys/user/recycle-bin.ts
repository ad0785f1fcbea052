import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { idListSchema } from '../../../../shared/user.ts';
import { MSG } from '../../../../shared/api.ts';
import {
  sysAnnouncementSend,
  sysDepartRoleUser,
  sysUser,
  sysUserDepart,
  sysUserRole,
  sysUserPref,
  sysUserToken,
} from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { caller } from '../../../plugins/auth.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, ok, okMessage } from '../../../lib/http/result.ts';
import { parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { departNamesByUser } from '../../../repos/departs.ts';
import { userJson } from '../../../repos/user-json.ts';
import { userListReach } from './list-scope.ts';

type Q = Record<string, string | string[] | undefined>;

const restoreSchema = z.object({ userIds: idListSchema });

const deletedIn = (ids: string[]) => and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 1));

/** Only users in the bin: a live account is never restored or purged through it. */
async function binnedIds(db: Db, ids: string[], reach: SQL | undefined): Promise<string[]> {
  const rows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(deletedIn(ids), reach));
  if (rows.length !== new Set(ids).size) throw new BizError('所选用户不在回收站中');
  return rows.map((r) => r.id);
}

/**
 * 回收站 (jeecg-api.md §6.1): logically deleted users listed (orgCode = their department names, as
 * JeecgBoot fills it), restored (`putRecycleBin`) or deleted for good with their role, department,
 * department role, session and message links (`deleteRecycleBin`).
 */
export default async function recycleBinRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  // another tenant's deleted users are neither listed nor restored nor purged
  route(app, ENDPOINTS.recycleBin.list, async (req) => {
    const rows = await db
      .select()
      .from(sysUser)
      .where(and(eq(sysUser.delFlag, 1), await userListReach(req)))
      .orderBy(desc(sysUser.updateTime), desc(sysUser.id));
    const names = await departNamesByUser(
      db,
      rows.map((r) => r.id),
    );
    return ok(
      rows.map((u) => {
        const departs = names.get(u.id) ?? null;
        return { ...userJson(u, tz, { orgCodeTxt: departs }), orgCode: departs };
      }),
    );
  });

  route(app, ENDPOINTS.recycleBin.restore, async (req) => {
    const { userIds } = parseWith(restoreSchema, req.body);
    if (userIds.length === 0) throw new BizError(MSG.nothingSelected);
    const ids = await binnedIds(db, userIds, await userListReach(req));
    await db
      .update(sysUser)
      .set({ delFlag: 0, updateBy: caller(req).user.username, updateTime: new Date() })
      .where(deletedIn(ids));
    return okMessage('还原成功');
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.recycleBin.delete, async (req) => {
    const ids = await binnedIds(db, requiredIds(req.query.userIds), await userListReach(req));
    await db.transaction(async (tx) => {
      await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, ids));
      await tx.delete(sysUserDepart).where(inArray(sysUserDepart.userId, ids));
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.userId, ids));
      await tx.delete(sysUserToken).where(inArray(sysUserToken.userId, ids));
      await tx.delete(sysUserPref).where(inArray(sysUserPref.userId, ids));
      await tx.delete(sysAnnouncementSend).where(inArray(sysAnnouncementSend.userId, ids));
      await tx.delete(sysUser).where(deletedIn(ids));
    });
    return okMessage('删除成功');
  });
}

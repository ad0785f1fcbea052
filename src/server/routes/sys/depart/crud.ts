import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sysDepart } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { DEPART_MSG, departAddSchema, departEditSchema } from '../../../../shared/depart.ts';
import { caller } from '../../../plugins/auth.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, okMessage } from '../../../lib/http/result.ts';
import { parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { newId } from '../../../lib/query/ids.ts';
import {
  deleteDeparts,
  findDepart,
  lockOrgCodes,
  moveDepart,
  newOrgCode,
} from '../../../repos/depart-write.ts';

type Q = Record<string, string | string[] | undefined>;

/** Keep the fields the client sent: an edit that omits a field leaves it as it was. */
const given = <T extends Record<string, unknown>>(fields: T, raw: unknown): Partial<T> =>
  Object.fromEntries(
    Object.entries(fields).filter(([k]) => raw && typeof raw === 'object' && Object.hasOwn(raw, k)),
  ) as Partial<T>;

async function parentOf(db: Db, parentId: string | null | undefined) {
  if (!parentId) return null;
  const parent = await findDepart(db, parentId);
  if (!parent) throw new BizError(DEPART_MSG.parentMissing);
  return parent;
}

/**
 * Department writes (jeecg-api.md §6.3): add with the org code generated as JeecgBoot does, edit
 * (a changed parent moves the subtree), delete refused while children or users remain.
 */
export default async function departCrudRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, ENDPOINTS.depart.add, async (req) => {
    const b = parseWith(departAddSchema, req.body);
    const by = caller(req).user.username;
    const parent = await parentOf(db, b.parentId);
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await lockOrgCodes(tx);
      const { orgCode, orgType } = await newOrgCode(tx, parent);
      await tx.insert(sysDepart).values({
        id: newId(),
        ...b,
        parentId: parent?.id ?? null,
        orgCode,
        orgType,
        delFlag: '0',
        status: '1',
        createBy: by,
      });
    });
    return okMessage('添加成功！');
  });

  route(app, ENDPOINTS.depart.edit, async (req) => {
    const b = parseWith(departEditSchema, req.body);
    const by = caller(req).user.username;
    const depart = await findDepart(db, b.id);
    if (!depart) throw new BizError(DEPART_MSG.notFound);
    const { id: _id, parentId, ...fields } = b;
    const moving = req.body && typeof req.body === 'object' && 'parentId' in req.body;
    if (moving && (parentId ?? null) !== (depart.parentId || null))
      await moveDepart(db, depart, await parentOf(db, parentId), by);
    const changes = given(fields, req.body);
    if (Object.keys(changes).length)
      await db
        .update(sysDepart)
        .set({ ...changes, updateBy: by, updateTime: new Date() })
        .where(eq(sysDepart.id, depart.id));
    return okMessage('修改成功!');
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.delete, async (req) => {
    await deleteDeparts(db, requiredIds(req.query.id));
    return okMessage('删除成功!');
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.deleteBatch, async (req) => {
    await deleteDeparts(db, requiredIds(req.query.ids));
    return okMessage('删除成功!');
  });
}

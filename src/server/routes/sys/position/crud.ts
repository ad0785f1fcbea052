import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { PERM } from '../../../../shared/permissions.ts';
import { SOCKET_KEYS } from '../../../../shared/realtime.ts';
import { POSITION_MSG, positionAddSchema, positionEditSchema } from '../../../../shared/position.ts';
import { sysPosition } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import { BizError, okMessage } from '../../../lib/result.ts';
import { NOTHING_SELECTED, parseWith, requiredIds } from '../../../lib/validate.ts';
import { requestCaseId } from '../../../lib/vxe-hub.ts';
import { caller } from '../../../plugins/auth.ts';
import {
  POSITION_LIST,
  assertPositionWritable,
  deletePositions,
  findPositionById,
} from '../../../repos/positions.ts';

type Q = Record<string, string | undefined>;

/** Position writes (jeecg-api.md §6.7). Deletes are physical, as JeecgBoot's. */
export default async function positionCrudRoutes(app: FastifyInstance) {
  const db = app.db;

  /** Send the saved row, as the list shows it, to every open positions grid (all instances). */
  const publishSaved = (req: FastifyRequest, id: string) =>
    app.realtime.publishSaved(
      SOCKET_KEYS.position,
      PERM.position.list,
      requestCaseId(req.headers),
      async () => {
        const row = await findPositionById(db, id);
        return row ? (await POSITION_LIST.decorator(db, app.config.timezone))([row]) : [];
      },
    );

  app.post('/sys/position/add', { config: { perm: PERM.position.add } }, async (req) => {
    const me = caller(req).user;
    const b = parseWith(positionAddSchema, req.body);
    await assertPositionWritable(db, b);
    const id = newId();
    await db.insert(sysPosition).values({
      id,
      code: b.code,
      name: b.name,
      postRank: b.postRank,
      companyId: b.companyId,
      sysOrgCode: me.orgCode,
      createBy: me.username,
    });
    await publishSaved(req, id);
    return okMessage('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/position/edit',
    config: { perm: PERM.position.edit },
    handler: async (req) => {
      const me = caller(req).user;
      const b = parseWith(positionEditSchema, req.body);
      if (!(await findPositionById(db, b.id))) throw new BizError(POSITION_MSG.notFound);
      await assertPositionWritable(db, b, b.id);
      await db
        .update(sysPosition)
        .set({
          code: b.code,
          name: b.name,
          postRank: b.postRank,
          companyId: b.companyId,
          updateBy: me.username,
          updateTime: new Date(),
        })
        .where(eq(sysPosition.id, b.id));
      await publishSaved(req, b.id);
      return okMessage('编辑成功!');
    },
  });

  app.delete<{ Querystring: Q }>(
    '/sys/position/delete',
    { config: { perm: PERM.position.delete } },
    async (req) => {
      const id = req.query.id?.trim();
      if (!id) throw new BizError(NOTHING_SELECTED);
      if ((await deletePositions(db, [id])) === 0) throw new BizError(POSITION_MSG.notFound);
      return okMessage('删除成功!');
    },
  );

  app.delete<{ Querystring: Q }>(
    '/sys/position/deleteBatch',
    { config: { perm: PERM.position.delete } },
    async (req) => {
      await deletePositions(db, requiredIds(req.query.ids));
      return okMessage('删除成功!');
    },
  );
}

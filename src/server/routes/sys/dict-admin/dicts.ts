import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { DICT_MSG, dictAddSchema, dictEditSchema } from '../../../../shared/dict-admin.ts';
import { PERM } from '../../../../shared/permissions.ts';
import { sysDict } from '../../../db/schema/index.ts';
import { listEntities } from '../../../lib/entity-list.ts';
import { newId } from '../../../lib/ids.ts';
import { BizError, bare, okMessage } from '../../../lib/result.ts';
import { NOTHING_SELECTED, oneParam, parseWith, requiredIds } from '../../../lib/validate.ts';
import { caller } from '../../../plugins/auth.ts';
import { DICT_LIST, assertDictCodeFree, findDict } from '../../../repos/dict-admin.ts';

type Q = Record<string, string | undefined>;

/**
 * 数据字典 (jeecg-api.md §6.5): the paged dictionary list (`dictName`, `dictCode` and the other
 * QueryGenerator filters), add, edit and logical delete (one, or a batch).
 */
export default async function dictAdminRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  app.get<{ Querystring: Q }>('/sys/dict/list', { config: { perm: PERM.dict.list } }, async (req) =>
    bare(await listEntities(db, DICT_LIST, req.query, tz)),
  );

  app.post('/sys/dict/add', { config: { perm: PERM.dict.add } }, async (req) => {
    const b = parseWith(dictAddSchema, req.body);
    await assertDictCodeFree(db, b.dictCode);
    await db.insert(sysDict).values({
      id: newId(),
      dictName: b.dictName,
      dictCode: b.dictCode,
      description: b.description,
      type: b.type ?? 0,
      delFlag: 0,
      createBy: caller(req).user.username,
    });
    return okMessage('保存成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/edit',
    config: { perm: PERM.dict.edit },
    handler: async (req) => {
      const b = parseWith(dictEditSchema, req.body);
      const dict = await findDict(db, b.id);
      if (!dict) throw new BizError(DICT_MSG.notFound);
      await assertDictCodeFree(db, b.dictCode, b.id);
      await db
        .update(sysDict)
        .set({
          dictName: b.dictName,
          dictCode: b.dictCode,
          description: b.description,
          type: b.type ?? dict.type,
          updateBy: caller(req).user.username,
          updateTime: new Date(),
        })
        .where(eq(sysDict.id, b.id));
      return okMessage('编辑成功!');
    },
  });

  app.delete<{ Querystring: Q }>('/sys/dict/delete', { config: { perm: PERM.dict.delete } }, async (req) => {
    const id = oneParam(req.query, 'id');
    if (!id) throw new BizError(NOTHING_SELECTED);
    if (!(await findDict(db, id))) throw new BizError(DICT_MSG.notFound);
    await db
      .update(sysDict)
      .set({ delFlag: 1, updateBy: caller(req).user.username, updateTime: new Date() })
      .where(eq(sysDict.id, id));
    return okMessage('删除成功!');
  });

  /** Several dictionaries at once, all or nothing: every id must name a live dictionary. */
  app.delete<{ Querystring: Q }>(
    '/sys/dict/deleteBatch',
    { config: { perm: PERM.dict.delete } },
    async (req) => {
      const ids = [...new Set(requiredIds(req.query.ids))];
      const by = caller(req).user.username;
      await db.transaction(async (tx) => {
        const gone = await tx
          .update(sysDict)
          .set({ delFlag: 1, updateBy: by, updateTime: new Date() })
          .where(and(inArray(sysDict.id, ids), eq(sysDict.delFlag, 0)))
          .returning({ id: sysDict.id });
        if (gone.length !== ids.length) throw new BizError(DICT_MSG.notFound);
      });
      return okMessage('删除成功!');
    },
  );
}

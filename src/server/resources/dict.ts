import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '../../shared/api.ts';
import { RESOURCE_MSG } from '../../shared/resources/define.ts';
import { DICT, DICT_RECYCLE_ENDPOINTS } from '../../shared/resources/dict.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import { BizError, ok, okMessage } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { NOTHING_SELECTED, oneParam, requiredIds } from '../lib/http/validate.ts';
import { caller } from '../plugins/auth.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import type { ServerResource } from './register.ts';

/**
 * Delete dictionaries logically (JeecgBoot's del_flag; the code stays taken, the items stay), all
 * or nothing: every id must name a live dictionary.
 */
async function retire(req: FastifyRequest, ids: string[]) {
  const by = caller(req).user.username;
  // a dictionary out of the caller's reach (data rules) is not there for them
  const reach = await rowReach(req, dictServer);
  await req.server.db.transaction(async (tx) => {
    const gone = await tx
      .update(sysDict)
      .set({ delFlag: 1, updateBy: by, updateTime: new Date() })
      .where(and(inArray(sysDict.id, ids), eq(sysDict.delFlag, 0), reach))
      .returning({ id: sysDict.id });
    if (gone.length !== ids.length) throw new BizError(DICT.notFound);
  });
  return okMessage(RESOURCE_MSG.deleted);
}

/** Most rows the recycle bin lists in one answer (JeecgBoot's deleteList is not paged). */
const RECYCLE_CAP = 1000;

/** The `:id` of a recycle-bin call: one id, else 请选择一条记录！. */
function pathId(req: FastifyRequest): string {
  const id = String((req.params as { id?: unknown }).id ?? '').trim();
  if (!id) throw new BizError(MSG.nothingSelected);
  return id;
}

/**
 * 数据字典: the generated list, add and edit of live dictionaries (the code unique among all, deleted
 * ones included), a missing value type kept (0 for a new one), deletes logical. The item endpoints
 * (/sys/dictItem/*) are registered beside it (src/server/routes/sys/dict-admin/items.ts).
 */
export const dictServer: ServerResource = {
  resource: DICT,
  table: sysDict,
  scope: () => eq(sysDict.delFlag, 0),
  hooks: {
    beforeSave({ op, data }) {
      if (data.type !== null) return;
      if (op === 'add') data.type = 0;
      else delete data.type;
    },
  },
  override: {
    delete: () => async (req) => {
      const id = oneParam(req.query, 'id');
      if (!id) throw new BizError(NOTHING_SELECTED);
      return retire(req, [id]);
    },
    deleteBatch: () => async (req) => retire(req, [...new Set(requiredIds(req.query.ids))]),
  },
  /**
   * The recycle bin (JeecgBoot's deleteList, back, deletePhysic): deleted dictionaries within the
   * caller's reach, restored as they were (their code was never given away) or deleted for good
   * with their items.
   */
  routes(app, gen) {
    const db = app.db;
    const tz = app.config.timezone;
    const deleted = async (req: FastifyRequest, id?: string) =>
      and(
        eq(sysDict.delFlag, 1),
        id === undefined ? undefined : eq(sysDict.id, id),
        await rowReach(req, dictServer),
      );

    route(app, DICT_RECYCLE_ENDPOINTS.deleteList, async (req) => {
      const rows = await db
        .select()
        .from(sysDict)
        .where(await deleted(req))
        .orderBy(desc(sysDict.updateTime), desc(sysDict.id))
        .limit(RECYCLE_CAP);
      return ok(await (await gen.list.decorator(db, tz))(rows));
    });

    route(app, DICT_RECYCLE_ENDPOINTS.back, async (req) => {
      const back = await db
        .update(sysDict)
        .set({ delFlag: 0, updateBy: caller(req).user.username, updateTime: new Date() })
        .where(await deleted(req, pathId(req)))
        .returning({ id: sysDict.id });
      if (back.length === 0) throw new BizError(DICT.notFound);
      return okMessage('操作成功!');
    });

    route(app, DICT_RECYCLE_ENDPOINTS.deletePhysic, async (req) => {
      const where = await deleted(req, pathId(req));
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(sysDict).where(where).returning({ id: sysDict.id });
        if (!gone) throw new BizError(DICT.notFound);
        await tx.delete(sysDictItem).where(eq(sysDictItem.dictId, gone.id));
      });
      return okMessage(RESOURCE_MSG.deleted);
    });
  },
};

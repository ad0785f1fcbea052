import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { RESOURCE_MSG } from '../../shared/resources/define.ts';
import { DICT } from '../../shared/resources/dict.ts';
import { sysDict } from '../db/schema/index.ts';
import { BizError, okMessage } from '../lib/http/result.ts';
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
};

import type { FastifyInstance } from 'fastify';
import { PERM } from '../../../../shared/permissions.ts';
import { NOTHING_SELECTED, oneParam, requiredIds } from '../../../lib/validate.ts';
import { BizError, okMessage } from '../../../lib/result.ts';
import { clearLogs, deleteLogs } from '../../../repos/logs.ts';

type Q = Record<string, string | string[] | undefined>;

/** `deleteBatch?ids=allclear` empties the whole log (JeecgBoot's ALL_ClEAR). */
export const LOG_CLEAR_ALL = 'allclear';

/** Log deletes (jeecg-api.md §6.9): physical, one row, some rows, or all of them. */
export default async function logDeleteRoutes(app: FastifyInstance) {
  const db = app.db;

  app.delete<{ Querystring: Q }>('/sys/log/delete', { config: { perm: PERM.log.delete } }, async (req) => {
    const id = oneParam(req.query, 'id');
    if (!id) throw new BizError(NOTHING_SELECTED);
    if ((await deleteLogs(db, [id])) === 0) throw new BizError('未找到对应实体');
    return okMessage('删除成功!');
  });

  app.delete<{ Querystring: Q }>(
    '/sys/log/deleteBatch',
    { config: { perm: PERM.log.delete } },
    async (req) => {
      // repeated `ids` are a list of ids (requiredIds), never the clear-all word
      if (typeof req.query.ids === 'string' && req.query.ids.trim() === LOG_CLEAR_ALL) {
        await clearLogs(db);
        return okMessage('清除成功!');
      }
      await deleteLogs(db, requiredIds(req.query.ids));
      return okMessage('删除成功!');
    },
  );
}

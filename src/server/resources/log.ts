import { LOG, LOG_CLEAR_ALL, LOG_KEYWORD } from '../../shared/resources/log.ts';
import { sysLog } from '../db/schema/index.ts';
import { escapeLike, likeOp, str } from '../lib/query/query-generator.ts';
import { okMessage } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

/**
 * 日志: the generated list, export and deletes (physical, as JeecgBoot's), plus `keyWord` searched
 * as a literal substring of the content and `deleteBatch?ids=allclear` emptying the whole log.
 */
export const logServer: ServerResource = {
  resource: LOG,
  table: sysLog,
  listWhere(query) {
    const keyWord = str(query[LOG_KEYWORD]);
    return [keyWord ? likeOp(sysLog.logContent, keyWord, `%${escapeLike(keyWord)}%`) : undefined];
  },
  override: {
    deleteBatch: (generated) => async (req, reply) => {
      // repeated `ids` are a list of ids (the generated handler refuses them), never the clear-all word
      if (typeof req.query.ids !== 'string' || req.query.ids.trim() !== LOG_CLEAR_ALL)
        return generated(req, reply);
      await req.server.db.delete(sysLog);
      return okMessage('清除成功!');
    },
  },
};

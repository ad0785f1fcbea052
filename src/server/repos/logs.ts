import { inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysLog } from '../db/schema/index.ts';
import { dictDecorator, entityWhere, type EntityList } from '../lib/entity-list.ts';
import { escapeLike, likeOp, str, type EntityFields } from '../lib/query-generator.ts';
import { formatDateTime } from '../lib/time.ts';

export type LogRow = typeof sysLog.$inferSelect;

/** Log types (dict log_type). */
export const LOG_TYPE = { login: 1, operation: 2 } as const;

/** Allow-list of SysLog properties usable as filters and sort columns. */
export const LOG_FIELDS: EntityFields = {
  id: { column: sysLog.id, type: 'string' },
  logType: { column: sysLog.logType, type: 'int' },
  logContent: { column: sysLog.logContent, type: 'string' },
  operateType: { column: sysLog.operateType, type: 'int' },
  userid: { column: sysLog.userid, type: 'string' },
  username: { column: sysLog.username, type: 'string' },
  ip: { column: sysLog.ip, type: 'string' },
  method: { column: sysLog.method, type: 'string' },
  requestUrl: { column: sysLog.requestUrl, type: 'string' },
  requestType: { column: sysLog.requestType, type: 'string' },
  costTime: { column: sysLog.costTime, type: 'int' },
  createBy: { column: sysLog.createBy, type: 'string' },
  createTime: { column: sysLog.createTime, type: 'datetime' },
  // free text: filtering on it makes no sense and sorting it would be expensive
  requestParam: { column: sysLog.requestParam, type: 'string', filterable: false, sortable: false },
};

/** SysLog JSON (jeecg-api.md §6.9). */
export function logJson(l: LogRow, tz: string) {
  return {
    id: l.id,
    createBy: l.createBy,
    createTime: formatDateTime(l.createTime, tz),
    updateBy: l.updateBy,
    updateTime: formatDateTime(l.updateTime, tz),
    costTime: l.costTime,
    ip: l.ip,
    requestParam: l.requestParam,
    requestType: l.requestType,
    requestUrl: l.requestUrl,
    method: l.method,
    username: l.username,
    userid: l.userid,
    logContent: l.logContent,
    logType: l.logType,
    operateType: l.operateType,
  };
}

/** The log list (GET /sys/log/list, exportXls): newest first, with the type dictionaries' texts. */
export const LOG_LIST: EntityList<typeof sysLog, ReturnType<typeof logJson>> = {
  table: sysLog,
  fields: LOG_FIELDS,
  defaultSort: { column: 'createTime', order: 'desc' },
  tieBreaker: sysLog.id,
  decorator: dictDecorator(logJson, { logType: 'log_type', operateType: 'operate_type' }),
};

/** The list's WHERE: the standard filters plus `keyWord`, a substring of the log content. */
export function logListWhere(query: Record<string, unknown>, tz: string): SQL | undefined {
  const keyWord = str(query.keyWord);
  return entityWhere(LOG_LIST, query, tz, [
    keyWord ? likeOp(sysLog.logContent, keyWord, `%${escapeLike(keyWord)}%`) : undefined,
  ]);
}

/** Delete log rows by id; returns how many existed. */
export async function deleteLogs(db: Db, ids: string[]): Promise<number> {
  const rows = await db.delete(sysLog).where(inArray(sysLog.id, ids)).returning({ id: sysLog.id });
  return rows.length;
}

/** Empty the whole log (`deleteBatch?ids=allclear`). */
export async function clearLogs(db: Db): Promise<void> {
  await db.delete(sysLog);
}

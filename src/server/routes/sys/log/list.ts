import type { FastifyInstance } from 'fastify';
import { PERM } from '../../../../shared/permissions.ts';
import { sendEntityExport, type ExportSheet } from '../../../lib/entity-export.ts';
import { listEntities } from '../../../lib/entity-list.ts';
import { bare } from '../../../lib/result.ts';
import { LOG_LIST, logListWhere } from '../../../repos/logs.ts';

type Q = Record<string, string | string[] | undefined>;

/** Workbook of GET /sys/log/exportXls. */
export const LOG_SHEET: ExportSheet = {
  title: '日志列表数据',
  sheetName: '日志列表',
  columns: [
    { key: 'logContent', title: '日志内容', width: 40 },
    { key: 'logType_dictText', title: '日志类型', width: 10 },
    { key: 'operateType_dictText', title: '操作类型', width: 10 },
    { key: 'userid', title: '操作人ID', width: 34 },
    { key: 'username', title: '操作人名称', width: 14 },
    { key: 'ip', title: 'IP', width: 16 },
    { key: 'costTime', title: '耗时(毫秒)', width: 10 },
    { key: 'requestType', title: '请求类型', width: 10 },
    { key: 'requestUrl', title: '请求路径', width: 30 },
    { key: 'method', title: '请求方法', width: 30 },
    { key: 'createTime', title: '创建时间', width: 20 },
  ],
  filename: '日志信息.xlsx',
  asciiFilename: 'logs.xlsx',
};

/**
 * Log reads (jeecg-api.md §6.9): the paged list (`logType`, `keyWord`, `createTime_begin/_end`,
 * `operateType`, any other allow-listed field, super query, sort) and its .xlsx export.
 */
export default async function logListRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  app.get<{ Querystring: Q }>('/sys/log/list', { config: { perm: PERM.log.list } }, async (req) =>
    bare(await listEntities(db, LOG_LIST, req.query, tz, { where: logListWhere(req.query, tz) })),
  );

  app.get<{ Querystring: Q }>(
    '/sys/log/exportXls',
    { config: { perm: PERM.log.export } },
    async (req, reply) =>
      sendEntityExport(req, reply, db, LOG_LIST, LOG_SHEET, { tz, where: logListWhere(req.query, tz) }),
  );
}

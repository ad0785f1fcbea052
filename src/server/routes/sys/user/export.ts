import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { EXPORT_BATCH, entityExportRows, exporterName } from '../../../lib/entity-export.ts';
import { sendXlsx, type XlsxColumn, type XlsxRow } from '../../../lib/xlsx-export.ts';
import { USER_LIST, userListWhere } from '../../../repos/users.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route } from '../../../lib/route.ts';

type Q = Record<string, string | string[] | undefined>;

export const USER_EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'username', title: '用户账号', width: 18 },
  { key: 'realname', title: '用户姓名', width: 14 },
  { key: 'sex_dictText', title: '性别', width: 8 },
  { key: 'birthday', title: '生日', width: 12 },
  { key: 'phone', title: '手机号码', width: 15 },
  { key: 'email', title: '邮箱', width: 28 },
  { key: 'orgCodeTxt', title: '部门', width: 24 },
  { key: 'status_dictText', title: '状态', width: 8 },
  { key: 'createTime', title: '创建时间', width: 20 },
];

/**
 * The rows `GET /sys/user/list` would list for `query` (same filters, same sort, all pages), limited
 * to `selections` when given, decorated like the list and read `batchSize` rows per query.
 */
export async function* userExportRows(
  db: Db,
  query: Q,
  tz: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<XlsxRow[]> {
  const where = await userListWhere(db, query, tz);
  yield* entityExportRows(db, USER_LIST, query, tz, { where, batchSize });
}

/** GET /sys/user/exportXls: the users list as an .xlsx download (jeecg-api.md §6, §6.1). */
export default async function userExportRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  route<{ Querystring: Q }>(app, ENDPOINTS.user.exportXls, async (req, reply) =>
    sendXlsx(reply, {
      title: '用户列表数据',
      exporter: exporterName(req),
      sheetName: '用户列表',
      columns: USER_EXPORT_COLUMNS,
      rows: userExportRows(db, req.query, tz),
      filename: '用户信息.xlsx',
      asciiFilename: 'users.xlsx',
    }),
  );
}

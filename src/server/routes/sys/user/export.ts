import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { EXPORT_BATCH, entityExportRows, exporterName } from '../../../lib/excel/entity-export.ts';
import { sendXlsx, type XlsxColumn, type XlsxRow } from '../../../lib/excel/xlsx-export.ts';
import type { SQL } from 'drizzle-orm';
import { userListWhere, usersWithout } from '../../../repos/users.ts';
import { userFieldRights } from '../../../repos/user-tenants.ts';
import { userListReach } from './list-scope.ts';
import { USER_FIELD_KEYS } from './read.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route } from '../../../lib/http/route.ts';

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
  scope: { reach?: SQL; hidden?: ReadonlySet<string> } = {},
): AsyncGenerator<XlsxRow[]> {
  const where = await userListWhere(db, query, tz, scope.reach, scope.hidden);
  yield* entityExportRows(db, usersWithout(scope.hidden), query, tz, { where, batchSize });
}

/** GET /sys/user/exportXls: the users list as an .xlsx download (jeecg-api.md §6, §6.1). */
export default async function userExportRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  route<{ Querystring: Q }>(app, ENDPOINTS.user.exportXls, async (req, reply) => {
    // another tenant's users are not exported; nor are the fields the caller may not see
    const { hidden } = await userFieldRights(app, req, USER_FIELD_KEYS);
    return sendXlsx(reply, {
      title: '用户列表数据',
      exporter: exporterName(req),
      sheetName: '用户列表',
      columns: USER_EXPORT_COLUMNS.filter((c) => !hidden.has(c.key.replace(/_dictText$/, ''))),
      rows: userExportRows(db, req.query, tz, EXPORT_BATCH, { reach: await userListReach(req), hidden }),
      filename: '用户信息.xlsx',
      asciiFilename: 'users.xlsx',
    });
  });
}

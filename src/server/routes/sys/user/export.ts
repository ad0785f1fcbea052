import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { MSG } from '../../../../shared/api.ts';
import { PERM } from '../../../../shared/permissions.ts';
import { hasNoNul } from '../../../../shared/validation.ts';
import type { Db } from '../../../db/client.ts';
import { sysUser } from '../../../db/schema/index.ts';
import { allOf } from '../../../lib/query-generator.ts';
import { BizError } from '../../../lib/result.ts';
import { keysetBatches, sendXlsx, type XlsxColumn, type XlsxRow } from '../../../lib/xlsx-export.ts';
import { caller } from '../../../plugins/auth.ts';
import { USER_FIELDS, decorateUsers, userDictLookup, userListWhere } from '../../../repos/users.ts';

type Q = Record<string, string | string[] | undefined>;

/** The users list's default sort (listUsers): newest first. */
const DEFAULT_SORT = { column: 'createTime', order: 'desc' } as const;
/** Rows per query (and per decoration round). */
export const EXPORT_BATCH = 1000;
/** `selections` is meant for ticked rows of a page, not for arbitrary id lists. */
const MAX_SELECTIONS = 10_000;

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

/** `selections=id1,id2` (also repeated): the ticked rows, or undefined for all rows. */
function selectionIds(raw: Q[string]): string[] | undefined {
  const ids = [Array.isArray(raw) ? raw : [raw ?? '']]
    .flat()
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) return undefined;
  if (ids.length > MAX_SELECTIONS || !ids.every(hasNoNul)) throw new BizError(MSG.badParam('selections'));
  return [...new Set(ids)];
}

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
  const selections = selectionIds(query.selections);
  const where = allOf([await userListWhere(db, query, tz), selections && inArray(sysUser.id, selections)]);
  const batches = keysetBatches(db, sysUser, {
    fields: USER_FIELDS,
    query,
    fallback: DEFAULT_SORT,
    tieBreaker: sysUser.id,
    where,
    batchSize,
  });
  const dicts = await userDictLookup(db);
  for await (const rows of batches) yield await decorateUsers(db, rows, tz, dicts);
}

/** GET /sys/user/exportXls: the users list as an .xlsx download (jeecg-api.md §6, §6.1). */
export default async function userExportRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  app.get<{ Querystring: Q }>(
    '/sys/user/exportXls',
    { config: { perm: PERM.user.export } },
    async (req, reply) =>
      sendXlsx(reply, {
        title: '用户列表数据',
        exporter: caller(req).user.realname || caller(req).user.username,
        sheetName: '用户列表',
        columns: USER_EXPORT_COLUMNS,
        rows: userExportRows(db, req.query, tz),
        filename: '用户信息.xlsx',
        asciiFilename: 'users.xlsx',
      }),
  );
}

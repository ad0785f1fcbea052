import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { PERM } from '../../../../shared/permissions.ts';
import {
  POSITION_MSG,
  POSITION_RANK_DICT,
  positionAddSchema,
  type PositionAddInput,
} from '../../../../shared/position.ts';
import { sysPosition } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import { registerImport } from '../../../lib/xlsx-import-route.ts';
import type { ImportColumn } from '../../../lib/xlsx-import.ts';

/** Header titles of a position sheet (those of 职务信息.xlsx). */
export const POSITION_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'code', title: '职务编码', required: true },
  { key: 'name', title: '职务名称', required: true },
  { key: 'postRank', title: '职级', dict: POSITION_RANK_DICT, required: true },
  { key: 'companyId', title: '公司id', aliases: ['公司'] },
];

/** POST /sys/position/importExcel (jeecg-api.md §6.7, §6.15). */
export default async function positionImportRoutes(app: FastifyInstance) {
  await registerImport<PositionAddInput>(app, {
    url: '/sys/position/importExcel',
    perm: PERM.position.import,
    logName: 'positionImportExcelErrorLog',
    plan: ({ user }) => ({
      columns: POSITION_IMPORT_COLUMNS,
      schema: positionAddSchema,
      unique: [
        {
          key: 'code',
          title: '职务编码',
          takenMessage: POSITION_MSG.codeTaken,
          async taken(db, values) {
            const rows = await db
              .select({ code: sysPosition.code })
              .from(sysPosition)
              .where(inArray(sysPosition.code, values));
            return new Set(rows.map((r) => r.code));
          },
        },
      ],
      async insert(tx, rows) {
        await tx.insert(sysPosition).values(
          rows.map((b) => ({
            id: newId(),
            code: b.code,
            name: b.name,
            postRank: b.postRank,
            companyId: b.companyId,
            sysOrgCode: user.orgCode,
            createBy: user.username,
          })),
        );
      },
    }),
  });
}

import type { FastifyInstance } from 'fastify';
import { PERM } from '../../../../shared/permissions.ts';
import { sendEntityExport, type ExportSheet } from '../../../lib/entity-export.ts';
import { POSITION_LIST } from '../../../repos/positions.ts';

type Q = Record<string, string | string[] | undefined>;

/** Workbook of GET /sys/position/exportXls. */
export const POSITION_SHEET: ExportSheet = {
  title: '职务列表数据',
  sheetName: '职务列表',
  columns: [
    { key: 'code', title: '职务编码', width: 18 },
    { key: 'name', title: '职务名称', width: 18 },
    { key: 'postRank_dictText', title: '职级', width: 10 },
    { key: 'companyId', title: '公司id', width: 20 },
    { key: 'createBy', title: '创建人', width: 14 },
    { key: 'createTime', title: '创建时间', width: 20 },
  ],
  filename: '职务信息.xlsx',
  asciiFilename: 'positions.xlsx',
};

/** GET /sys/position/exportXls: the positions list (filters, sort, `selections`) as an .xlsx. */
export default async function positionExportRoutes(app: FastifyInstance) {
  const tz = app.config.timezone;
  app.get<{ Querystring: Q }>(
    '/sys/position/exportXls',
    { config: { perm: PERM.position.export } },
    async (req, reply) => sendEntityExport(req, reply, app.db, POSITION_LIST, POSITION_SHEET, { tz }),
  );
}

import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { DEPART_MSG, departImportSchema, orgTypeOf } from '../../../../shared/depart.ts';
import { sysDepart } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError } from '../../../lib/http/result.ts';
import { newId } from '../../../lib/query/ids.ts';
import { EXPORT_BATCH, exporterName } from '../../../lib/excel/entity-export.ts';
import { sendXlsx, type XlsxColumn, type XlsxRow } from '../../../lib/excel/xlsx-export.ts';
import { registerImport } from '../../../lib/excel/xlsx-import-route.ts';
import type { ImportColumn, UniqueRule } from '../../../lib/excel/xlsx-import.ts';
import { dictItems } from '../../../repos/dicts.ts';
import { lockOrgCodes, newOrgCode } from '../../../repos/depart-write.ts';

type DepartImport = z.infer<typeof departImportSchema>;

/** The sheet's columns: export and import read the same titles. */
const COLUMNS: Array<XlsxColumn & { dict?: string; required?: boolean }> = [
  { key: 'departName', title: '机构名称', width: 24, required: true },
  { key: 'orgCode', title: '机构编码', width: 14 },
  { key: 'orgCategory', title: '机构类别', width: 10, dict: 'org_category' },
  { key: 'departOrder', title: '排序', width: 8 },
  { key: 'mobile', title: '电话', width: 16 },
  { key: 'fax', title: '传真', width: 16 },
  { key: 'address', title: '地址', width: 28 },
  { key: 'memo', title: '备注', width: 24 },
  { key: 'description', title: '描述', width: 24 },
];

const IMPORT_COLUMNS: ImportColumn[] = COLUMNS.map(({ key, title, dict, required }) => ({
  key,
  title,
  ...(dict ? { dict } : {}),
  ...(required ? { required } : {}),
}));

/** Org codes are unique among every department, deleted ones too (the unique index covers them). */
const UNIQUE: UniqueRule[] = [
  {
    key: 'orgCode',
    title: '机构编码',
    takenMessage: '机构编码已存在',
    async taken(db, values) {
      const rows = await db
        .select({ code: sysDepart.orgCode })
        .from(sysDepart)
        .where(inArray(sysDepart.orgCode, values));
      return new Set(rows.map((r) => r.code));
    },
  },
];

/**
 * 部门管理's 导出 and 导入 (JeecgBoot's /sys/sysDepart/exportXls and importExcel): the live
 * departments as a sheet in org code order (a parent before its children), and departments from a
 * sheet, placed in the tree by their org code as JeecgBoot's import does (the parent's code is the
 * code without its last level; it must exist or come earlier in the file). A row without a code
 * becomes a new top-level department. One file is all or nothing.
 */
export default async function departExcelRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, ENDPOINTS.depart.exportXls, async (req, reply) => {
    const categories = new Map(
      ((await dictItems(db, ['org_category'])).org_category ?? []).map((i) => [i.value, i.text] as const),
    );
    async function* rows(): AsyncGenerator<XlsxRow[]> {
      let after = '';
      for (;;) {
        const batch = await db
          .select()
          .from(sysDepart)
          .where(and(eq(sysDepart.delFlag, '0'), gt(sysDepart.orgCode, after)))
          .orderBy(asc(sysDepart.orgCode))
          .limit(EXPORT_BATCH);
        if (!batch.length) return;
        yield batch.map((d) => ({
          ...d,
          orgCategory: categories.get(d.orgCategory) ?? d.orgCategory,
        })) as unknown as XlsxRow[];
        after = batch.at(-1)!.orgCode;
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return sendXlsx(reply, {
      title: '部门列表数据',
      exporter: exporterName(req),
      sheetName: '部门列表',
      columns: COLUMNS.map(({ key, title, width }) => ({ key, title, width })),
      rows: rows(),
      filename: '部门信息.xlsx',
      asciiFilename: 'departs.xlsx',
    });
  });

  await registerImport<DepartImport>(app, {
    endpoint: ENDPOINTS.depart.importExcel,
    logName: 'departImportExcelErrorLog',
    plan: ({ user }) => ({
      columns: IMPORT_COLUMNS,
      schema: departImportSchema as never,
      unique: UNIQUE,
      async insert(tx: Db, rows) {
        await lockOrgCodes(tx);
        // parents first within the batch (earlier batches are already written)
        const ordered = [...rows].sort((a, b) => (a.orgCode?.length ?? 0) - (b.orgCode?.length ?? 0));
        for (const { orgCode, ...fields } of ordered) {
          let code = orgCode;
          let parentId: string | null = null;
          if (code && code.length > 3) {
            const parentCode = code.slice(0, -3);
            const [parent] = await tx
              .select({ id: sysDepart.id })
              .from(sysDepart)
              .where(and(eq(sysDepart.orgCode, parentCode), eq(sysDepart.delFlag, '0')))
              .limit(1);
            if (!parent) throw new BizError(DEPART_MSG.importParentMissing(code, parentCode));
            parentId = parent.id;
          }
          if (!code) code = (await newOrgCode(tx, null)).orgCode;
          await tx.insert(sysDepart).values({
            id: newId(),
            ...fields,
            parentId,
            orgCode: code,
            orgType: orgTypeOf(parentId),
            delFlag: '0',
            status: '1',
            createBy: user.username,
          });
        }
      },
    }),
  });
}

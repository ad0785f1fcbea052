import { eq } from 'drizzle-orm';
import { PERM } from '../../shared/permissions.ts';
import { sysDepart } from '../db/schema/index.ts';
import type { ReportDefinition, ReportSource } from './types.ts';

const source: ReportSource<typeof sysDepart> = {
  table: sysDepart,
  fields: {
    id: { column: sysDepart.id, type: 'string', sortable: false },
    departName: { column: sysDepart.departName, type: 'string' },
    orgCode: { column: sysDepart.orgCode, type: 'string' },
    orgCategory: { column: sysDepart.orgCategory, type: 'string' },
    departOrder: { column: sysDepart.departOrder, type: 'int' },
    createTime: { column: sysDepart.createTime, type: 'datetime', filterable: false },
  },
  defaultSort: { column: 'orgCode', order: 'asc' },
  tieBreaker: sysDepart.id,
  scope: () => eq(sysDepart.delFlag, '0'),
  async toRecords(_db, rows) {
    return rows.map((d) => ({
      id: d.id,
      departName: d.departName,
      orgCode: d.orgCode,
      orgCategory: d.orgCategory,
      departOrder: d.departOrder,
    }));
  },
};

/** 选择部门: departments of the organisation tree, flat, with their org codes. */
export const departSelectReport: ReportDefinition = {
  id: '6c7f1e0a2b3d4c5e8f9a0b1c2d3e4f02',
  code: 'depart_select',
  name: '选择部门',
  permission: PERM.depart.list,
  columns: [
    { title: '部门名称', dataIndex: 'departName', sorter: true },
    { title: '机构编码', dataIndex: 'orgCode', sorter: true },
    { title: '机构类别', dataIndex: 'orgCategory', dict: 'org_category', sorter: true },
    { title: '排序', dataIndex: 'departOrder', sorter: true },
  ],
  query: [
    { field: 'departName', label: '部门名称', view: 'string', mode: 'single' },
    { field: 'orgCode', label: '机构编码', view: 'string', mode: 'single' },
    { field: 'orgCategory', label: '机构类别', view: 'list', mode: 'single', dict: 'org_category' },
  ],
  source,
};

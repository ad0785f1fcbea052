/**
 * 技师服务概况 (view yy_technician_summary): per technician, the partner, level and work status,
 * how many projects they offer that are open (service enabled, project on sale), how many in all,
 * and the range of their open prices (own price, else the project's). Read only: it sits on a
 * PostgreSQL view, so it is listed, read by id, exported and counted, never written.
 */
import { defineResource } from './define.ts';
import { PARTNER_PICKER } from './partner.ts';
import { TECHNICIAN_LEVEL_DICT, WORK_STATUSES } from './technician.ts';

export const TECH_SUMMARY = defineResource({
  name: 'techSummary',
  title: '技师服务概况',
  path: '/yy/yyTechnicianSummary',
  view: true,
  component: 'yy/technician/YyTechnicianSummaryList',
  category: '技师服务概况',
  english: 'technician summary',
  keywords: ['技师概况', '开通项目数', '价格区间', 'jishigaikuang'],
  defaultSort: { field: 'openServices', order: 'desc' },
  sheet: {
    title: '技师服务概况',
    sheetName: '技师服务概况',
    filename: '技师服务概况.xlsx',
    asciiFilename: 'technician-summary.xlsx',
  },
  notFound: '技师不存在',
  commands: { plural: 'technician summaries' },
  fields: [
    { key: 'name', title: '技师', type: 'string', search: true, filter: true, list: { width: 100 } },
    {
      key: 'partnerId',
      title: '所属商户',
      type: 'ref',
      reference: { resource: 'partner', label: 'name', picker: PARTNER_PICKER },
      search: true,
      list: { width: 150 },
    },
    {
      key: 'level',
      title: '等级',
      type: 'dict',
      dict: TECHNICIAN_LEVEL_DICT,
      search: true,
      list: { width: 80 },
    },
    {
      key: 'workStatus',
      title: '工作状态',
      type: 'enum',
      options: WORK_STATUSES,
      search: true,
      list: { width: 90 },
    },
    { key: 'openServices', title: '开通项目数', type: 'int', list: { width: 100 } },
    { key: 'allServices', title: '全部项目数', type: 'int', list: { width: 100 } },
    { key: 'minPrice', title: '最低价(元)', type: 'money', list: { width: 110 } },
    { key: 'maxPrice', title: '最高价(元)', type: 'money', list: { width: 110 } },
    { key: 'createTime', title: '加入时间', type: 'datetime', system: true, list: { width: 170 } },
  ],
  stats: {
    dimensions: [{ field: 'partnerId' }, { field: 'level' }, { field: 'workStatus' }],
    measures: [
      { key: 'count', title: '技师数', fn: 'count' },
      { key: 'partners', title: '商户数', fn: 'distinct', field: 'partnerId' },
    ],
  },
});

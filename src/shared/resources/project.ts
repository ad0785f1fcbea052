/**
 * 服务项目 (yy_project): what a customer books — category, duration, price and list price (money,
 * numeric text), ordered pictures, a sanitised rich-text description, who it suits, on or off
 * sale, and its place in the app's list.
 */
import type { DeclaredContract } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';

/** Dictionary of project categories (推拿按摩, 足疗, …). */
export const PROJECT_CATEGORY_DICT = 'project_category';

export const PROJECT_STATUSES = [
  { value: '1', text: '上架' },
  { value: '0', text: '下架' },
] as const;

export const PROJECT_MSG = {
  notFound: '服务项目不存在',
  nameTaken: '项目名称已存在',
  duration: '服务时长应为1到1440分钟',
  negative: '价格不能为负数',
  listPriceBelow: '划线价不能低于价格',
  inUse: '项目已被技师开通，不能删除（可先下架）',
  priceChanged: (name: string, from: string, to: string) => `已将「${name}」价格从 ${from} 改为 ${to}`,
} as const;

export const PROJECT = defineResource({
  name: 'project',
  title: '服务项目',
  path: '/yy/yyProject',
  component: 'yy/technician/YyProjectList',
  category: '服务项目',
  english: 'project',
  keywords: ['项目', '服务', 'service item'],
  defaultSort: { field: 'sort', order: 'asc' },
  sheet: {
    title: '服务项目',
    sheetName: '服务项目',
    filename: '服务项目.xlsx',
    asciiFilename: 'projects.xlsx',
  },
  notFound: PROJECT_MSG.notFound,
  commands: { addPositional: ['name', 'category', 'duration', 'price'] },
  fields: [
    {
      key: 'name',
      title: '项目名称',
      type: 'string',
      required: true,
      max: 100,
      unique: PROJECT_MSG.nameTaken,
      search: true,
      filter: true,
      list: { width: 160 },
    },
    {
      key: 'category',
      title: '分类',
      type: 'dict',
      dict: PROJECT_CATEGORY_DICT,
      required: true,
      sample: '推拿按摩',
      max: 20,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'duration',
      title: '时长(分钟)',
      type: 'int',
      required: true,
      invalidMessage: PROJECT_MSG.duration,
      list: { width: 100 },
    },
    { key: 'price', title: '价格(元)', type: 'money', required: true, list: { width: 110 } },
    { key: 'listPrice', title: '划线价(元)', type: 'money', list: { width: 110 } },
    {
      key: 'images',
      title: '项目图片',
      type: 'images',
      upload: { area: 'project', max: 9 },
      list: { width: 100 },
    },
    { key: 'description', title: '项目介绍', type: 'richtext', max: 20000 },
    { key: 'suitable', title: '适用人群', type: 'string', max: 255, list: { width: 160 }, terminal: false },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: PROJECT_STATUSES,
      required: true,
      search: true,
      list: { width: 80 },
    },
    { key: 'sort', title: '排序', type: 'int', list: { width: 70 }, help: '排序（小的在前）' },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
});

/** GET …/getProjectMap: id → name of the projects on sale (pickers). */
export const PROJECT_MAP = {
  method: 'GET',
  path: `${PROJECT.decl.path}/getProjectMap`,
  permission: PROJECT.perms.list,
} as const satisfies DeclaredContract;

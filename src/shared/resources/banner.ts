/**
 * 轮播图 (yy_images): the banners of the apps, per position, in sort order, each linking nowhere, to
 * a service project or to a web page. Enabled and disabled only through forbiddenImage.
 */
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { PROJECT_MAP } from './project.ts';
import { auditFields, defineResource } from './define.ts';

export const BANNER_POSITIONS = [
  { value: '1', text: '首页' },
  { value: '2', text: '服务页' },
  { value: '3', text: '技师页' },
  { value: '4', text: '商城页' },
  { value: '5', text: '个人中心' },
] as const;

export const BANNER_LINK_TYPES = [
  { value: 'none', text: '不跳转' },
  { value: 'project', text: '服务项目' },
  { value: 'url', text: '网页' },
] as const;

export const BANNER_STATUS = [
  { value: '1', text: '启用' },
  { value: '0', text: '禁用' },
] as const;

export const BANNER_MSG = {
  targetRequired: '请输入跳转目标',
  projectRequired: '请选择跳转的服务项目',
  url: FORM_RULES.httpUrl.message,
  project: '跳转的服务项目不存在',
  sort: '排序须为0到9999之间的整数',
  status: '状态取值无效',
  enabled: '启用成功!',
  disabled: '禁用成功!',
} as const;

const PATH = '/yy/yyImages';

/** POST …/forbiddenImage {id, status}: enable (1) or disable (0) a banner; without status, toggle it. */
export const BANNER_FORBID = {
  method: 'POST',
  path: `${PATH}/forbiddenImage`,
  // the code of the forbid action, which enable shares
  permission: 'banner:forbid',
} as const satisfies DeclaredContract;

export const BANNER = defineResource({
  name: 'banner',
  title: '轮播图',
  path: PATH,
  operations: ['list', 'add', 'edit', 'delete'],
  component: 'yy/banner/YyImagesList',
  category: '轮播图管理',
  english: 'banner',
  keywords: ['轮播', '广告图', 'images'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  sheet: { title: '轮播图', sheetName: '轮播图', filename: '轮播图.xlsx', asciiFilename: 'banners.xlsx' },
  notFound: '轮播图不存在',
  page: { actionsWidth: 200 },
  commands: { addPositional: ['title', 'image', 'position'] },
  fields: [
    {
      key: 'title',
      title: '标题',
      type: 'string',
      required: true,
      max: 50,
      search: true,
      list: { width: 180 },
    },
    {
      key: 'image',
      title: '图片',
      type: 'image',
      upload: { area: 'banner' },
      required: '请上传图片',
      // a picture the seed stored (a new one: the `upload` command's path)
      sample: 'banner/seed/spring.png',
      list: { width: 140 },
    },
    {
      key: 'position',
      title: '位置',
      type: 'enum',
      options: BANNER_POSITIONS,
      required: true,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'linkType',
      title: '跳转类型',
      type: 'enum',
      options: BANNER_LINK_TYPES,
      required: true,
      list: { width: 100 },
    },
    {
      key: 'linkTarget',
      title: '跳转目标',
      type: 'string',
      max: 500,
      // a project picked by name, or a web address; nothing for 不跳转
      by: {
        field: 'linkType',
        cases: {
          project: {
            type: 'ref',
            reference: { resource: 'project', label: 'name', picker: PROJECT_MAP },
            required: BANNER_MSG.projectRequired,
          },
          url: { type: 'string', rule: FORM_RULES.httpUrl, required: BANNER_MSG.targetRequired },
        },
      },
      list: { width: 240, sortable: false },
      queryable: false,
      help: '跳转目标：服务项目id，或以 http/https 开头的网址',
    },
    {
      key: 'sortNo',
      title: '排序',
      type: 'int',
      invalidMessage: BANNER_MSG.sort,
      list: { width: 80 },
      help: '排序（越小越靠前）',
    },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: BANNER_STATUS,
      system: true,
      search: true,
      list: { width: 80 },
    },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 170 } } }),
  ],
  states: {
    field: 'status',
    label: 'title',
    transitions: {
      enable: {
        title: '启用',
        from: ['0'],
        to: '1',
        perm: 'forbid',
        aliases: ['images enable'],
        done: BANNER_MSG.enabled,
      },
      forbid: {
        title: '禁用',
        from: ['1'],
        to: '0',
        aliases: ['disable banner', 'images forbid'],
        done: BANNER_MSG.disabled,
      },
    },
    setters: [
      {
        endpoint: BANNER_FORBID,
        same: 'skip',
        toggle: true,
        done: (_n, to) => (to === '1' ? BANNER_MSG.enabled : BANNER_MSG.disabled),
        invalid: BANNER_MSG.status,
        noIds: '轮播图不存在',
      },
    ],
  },
});

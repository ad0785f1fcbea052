/**
 * 版本 (yy_app_version): releases of the customer and technician apps on Android and iOS. Per app
 * and platform exactly one version is the latest, the published one with the highest code; the
 * database keeps that flag (migration 0007), clients never write it.
 */
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { auditFields, defineResource } from './define.ts';

export const APPS = [
  { value: 'customer', text: '客户端' },
  { value: 'technician', text: '技师端' },
] as const;

export const PLATFORMS = [
  { value: 'android', text: 'Android' },
  { value: 'ios', text: 'iOS' },
] as const;

export const YES_NO = [
  { value: 'true', text: '是' },
  { value: 'false', text: '否' },
] as const;

export const APP_VERSION_MSG = {
  codeTaken: '该应用该平台已有相同的版本号',
  codeRange: '版本号须为1到999999999之间的整数',
  noLatest: '该应用该平台还没有已发布的版本',
} as const;

export const APP_VERSION = defineResource({
  name: 'appVersion',
  title: '版本',
  path: '/yy/yyAppVersion',
  operations: ['list', 'add', 'edit', 'delete'],
  component: 'yy/config/YyAppVersionList',
  category: '版本',
  english: 'app version',
  keywords: ['应用版本', '发版', 'release'],
  defaultSort: { field: 'versionCode', order: 'desc' },
  sheet: { title: '版本', sheetName: '版本', filename: '版本.xlsx', asciiFilename: 'app-versions.xlsx' },
  notFound: '版本不存在',
  commands: { addPositional: ['app', 'platform', 'versionName', 'versionCode', 'downloadUrl'] },
  fields: [
    {
      key: 'app',
      title: '应用',
      type: 'enum',
      options: APPS,
      required: true,
      fixedOnEdit: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'platform',
      title: '平台',
      type: 'enum',
      options: PLATFORMS,
      required: true,
      fixedOnEdit: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'versionName',
      title: '版本名称',
      type: 'string',
      required: true,
      max: 20,
      rule: { pattern: /^\d{1,3}(\.\d{1,3}){1,3}$/, message: '版本名称格式应为1.2.3' },
      filter: true,
      list: { width: 110 },
    },
    {
      key: 'versionCode',
      title: '版本号',
      type: 'int',
      required: true,
      invalidMessage: APP_VERSION_MSG.codeRange,
      list: { width: 90 },
      help: '版本号（整数，越大越新）',
    },
    {
      key: 'downloadUrl',
      title: '下载地址',
      type: 'string',
      required: true,
      max: 500,
      rule: FORM_RULES.httpUrl,
      list: { width: 280, sortable: false },
      queryable: false,
      terminal: false,
    },
    {
      key: 'forceUpdate',
      title: '强制更新',
      type: 'boolean',
      options: YES_NO,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'published',
      title: '已发布',
      type: 'boolean',
      options: YES_NO,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'isLatest',
      title: '最新版本',
      type: 'boolean',
      options: YES_NO,
      system: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'notes',
      title: '更新说明',
      type: 'text',
      max: 2000,
      list: { width: 240, sortable: false },
      queryable: false,
      terminal: false,
    },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 170 } } }),
  ],
});

/** GET …/latest?app=&platform=: the version an app compares itself with. */
export const APP_VERSION_LATEST = {
  method: 'GET',
  path: `${APP_VERSION.decl.path}/latest`,
  permission: APP_VERSION.perms.list,
} as const satisfies DeclaredContract;

/**
 * 职务 (sys_position, jeecg-api.md §6.7): the one place its fields are declared. Codes are referenced
 * from users' comma-separated `post`, so they allow letters, digits, `_` and `-` only.
 */
import { endpoint } from '../contracts.ts';
import { SOCKET_KEYS } from '../realtime.ts';
import { auditFields, defineResource } from './define.ts';

/** Dictionary of the `postRank` values. */
export const POSITION_RANK_DICT = 'position_rank';

export const POSITION = defineResource({
  name: 'position',
  title: '职务',
  path: '/sys/position',
  component: 'system/SysPositionList',
  category: '职务管理',
  english: 'position',
  keywords: ['岗位'],
  commands: {
    examples: {
      add: ['position add P900 示例职务 1'],
      edit: ['position list | head 1 | position edit --name 示例职务二'],
    },
  },
  socketKey: SOCKET_KEYS.position,
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '职务列表数据',
    sheetName: '职务列表',
    filename: '职务信息.xlsx',
    asciiFilename: 'positions.xlsx',
  },
  importLogName: 'positionImportExcelErrorLog',
  fields: [
    {
      key: 'code',
      title: '职务编码',
      type: 'string',
      required: true,
      max: 100,
      rule: { pattern: /^[A-Za-z0-9_-]+$/, message: '职务编码只允许字母、数字、下划线和中划线' },
      unique: '职务编码已存在',
      fixedOnEdit: true,
      filter: true,
      list: { width: 160 },
      export: { width: 18 },
      help: '职务编码（字母、数字、下划线、中划线）',
    },
    {
      key: 'name',
      title: '职务名称',
      type: 'string',
      required: true,
      max: 100,
      filter: true,
      search: true,
      list: { width: 200 },
      export: { width: 18 },
    },
    {
      key: 'postRank',
      title: '职级',
      type: 'dict',
      dict: POSITION_RANK_DICT,
      required: '请选择职级',
      invalidMessage: '职级取值无效',
      max: 2,
      search: true,
      list: { width: 120 },
      export: { width: 10 },
    },
    {
      key: 'companyId',
      title: '公司id',
      type: 'string',
      max: 255,
      list: false,
      form: false,
      superQuery: false,
      terminal: false,
      export: { width: 20 },
      import: { aliases: ['公司'] },
    },
    {
      key: 'sysOrgCode',
      title: '所属部门',
      type: 'string',
      system: true,
      list: false,
      export: false,
      superQuery: false,
    },
    ...auditFields({
      createBy: { list: { width: 120 }, export: { width: 14 } },
      createTime: { list: { width: 180 }, export: { width: 20 } },
    }),
  ],
});

/** JeecgBoot's queryByCode beside the generated family: the position of a code (`result: null` if none). */
export const POSITION_QUERY_BY_CODE = endpoint(
  'GET',
  `${POSITION.decl.path}/queryByCode`,
  POSITION.perms.list,
);

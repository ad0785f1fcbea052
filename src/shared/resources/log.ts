/**
 * 日志 (sys_log, jeecg-api.md §6.9): login and operation logs, written by the server only. Listed,
 * exported and deleted; never added, edited or imported. Besides the fields the list reads
 * `keyWord` (a literal substring of the content) and `createTime_begin/_end`.
 */
import { auditFields, defineResource, type ResourceField } from './define.ts';

/** Dictionaries of `logType` (1 登录日志, 2 操作日志) and `operateType`. */
export const LOG_TYPE_DICT = 'log_type';
export const OPERATE_TYPE_DICT = 'operate_type';

/** `deleteBatch?ids=allclear` empties the whole log (JeecgBoot's ALL_ClEAR). */
export const LOG_CLEAR_ALL = 'allclear';

/** The list parameter searched in the log content. */
export const LOG_KEYWORD = 'keyWord';

/** A detail of the request: in the sheet, not on the page. */
const exportedOnly = (key: string, title: string, width: number): ResourceField => ({
  key,
  title,
  type: 'string',
  system: true,
  list: false,
  superQuery: false,
  export: { width },
});

export const LOG = defineResource({
  name: 'log',
  title: '日志',
  path: '/sys/log',
  operations: ['list', 'delete', 'export'],
  component: 'system/LogList',
  category: '日志管理',
  english: 'log',
  keywords: ['日志', '登录日志', '操作日志'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '日志列表数据',
    sheetName: '日志列表',
    filename: '日志信息.xlsx',
    asciiFilename: 'logs.xlsx',
  },
  // the declaration order is the sheet's; the page, super query and terminal have their own
  order: {
    list: ['logContent', 'username', 'ip', 'costTime', 'logType', 'operateType', 'createTime'],
    superQuery: ['username', 'ip', 'logType', 'operateType', 'costTime', 'createTime'],
    terminal: ['createTime', 'logType', 'username', 'ip', 'logContent'],
  },
  page: {
    search: [
      { key: LOG_KEYWORD, label: '搜索日志', first: true },
      { key: 'createTime_begin', label: '开始日期', type: 'date' },
      { key: 'createTime_end', label: '结束日期', type: 'date' },
    ],
    actionsWidth: 130,
  },
  listArgs: {
    type: { param: 'logType', help: '日志类型：1 登录日志，2 操作日志', choices: ['1', '2'], default: '1' },
    keyWord: { param: LOG_KEYWORD, help: '日志内容关键字' },
    from: { param: 'createTime_begin', help: '开始时间 YYYY-MM-DD' },
    to: { param: 'createTime_end', help: '结束时间 YYYY-MM-DD' },
  },
  fields: [
    {
      key: 'logContent',
      title: '日志内容',
      type: 'string',
      system: true,
      filter: LOG_KEYWORD,
      list: { sortable: false },
      superQuery: false,
      export: { width: 40 },
    },
    {
      key: 'logType',
      title: '日志类型',
      type: 'int',
      dict: LOG_TYPE_DICT,
      system: true,
      search: true,
      superQuery: true,
      list: { width: 110 },
      export: { width: 10 },
      terminal: { title: '类型' },
    },
    {
      key: 'operateType',
      title: '操作类型',
      type: 'int',
      dict: OPERATE_TYPE_DICT,
      system: true,
      superQuery: true,
      list: { width: 110 },
      export: { width: 10 },
      terminal: false,
    },
    exportedOnly('userid', '操作人ID', 34),
    {
      key: 'username',
      title: '操作人',
      type: 'string',
      system: true,
      filter: true,
      superQuery: true,
      superQueryType: 'user',
      list: { width: 120 },
      export: { width: 14, title: '操作人名称' },
    },
    {
      key: 'ip',
      title: 'IP',
      type: 'string',
      system: true,
      filter: true,
      superQuery: true,
      list: { width: 140 },
      export: { width: 16 },
    },
    {
      key: 'costTime',
      title: '耗时(毫秒)',
      type: 'int',
      system: true,
      superQuery: true,
      list: { width: 110 },
      export: { width: 10 },
      terminal: false,
    },
    exportedOnly('requestType', '请求类型', 10),
    exportedOnly('requestUrl', '请求路径', 30),
    exportedOnly('method', '请求方法', 30),
    // free text: filtering on it makes no sense and sorting it would be expensive
    {
      key: 'requestParam',
      title: '请求参数',
      type: 'text',
      system: true,
      queryable: false,
      list: false,
      export: false,
      superQuery: false,
    },
    ...auditFields({
      createBy: { list: false, export: false },
      createTime: { list: { width: 180 }, export: { width: 20 }, terminal: { title: '时间' } },
      updateBy: { queryable: false },
      updateTime: { queryable: false },
    }),
  ],
});

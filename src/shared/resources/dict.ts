/**
 * 数据字典 (sys_dict, jeecg-api.md §6.5): the dictionaries. Listed, added, edited and deleted
 * (logically: a deleted dictionary keeps its code and its items, and waits in the recycle bin,
 * DICT_RECYCLE_ENDPOINTS, to be taken back or deleted for good); never exported or imported. Its
 * items (sys_dict_item) are a sub-table edited in the 字典配置 grid: their endpoints and commands
 * stay hand-written beside the generated ones (src/server/routes/sys/dict-admin/items.ts,
 * commands/dict).
 */
import { endpoint } from '../contracts.ts';
import { DICT_CODE_PATTERN, DICT_MSG } from '../dict-admin.ts';
import { auditFields, defineResource } from './define.ts';

/** Value types of a dictionary (sys_dict.type): 1 holds integer item values. */
export const DICT_TYPES = [
  { value: '0', text: '字符串' },
  { value: '1', text: '数字' },
] as const;

export const DICT = defineResource({
  name: 'dict',
  title: '字典',
  path: '/sys/dict',
  operations: ['list', 'add', 'edit', 'delete', 'export', 'import'],
  // the 刷新缓存 command's gate (commands/dict/refresh.ts); GET /sys/dict/refleshCache itself is open to
  // every signed-in user
  permActions: { refreshCache: '刷新缓存' },
  component: 'system/DictList',
  category: '数据字典',
  english: 'dictionary',
  keywords: ['字典', '数据字典'],
  defaultSort: { field: 'createTime', order: 'desc' },
  // no export: the sheet is never served
  sheet: { title: '数据字典', sheetName: '数据字典', filename: '数据字典.xlsx', asciiFilename: 'dicts.xlsx' },
  messages: { added: '保存成功！' },
  page: { title: '数据字典', actionsWidth: 200 },
  commands: {
    examples: {
      add: ['dict add demo_dict 示例字典'],
      edit: ['dict list | head 1 | dict edit --dict-name 示例字典二'],
    },
    plural: 'dictionaries',
    addPositional: ['dictCode', 'dictName'],
    ref: { field: 'dictCode', notFound: DICT_MSG.dictNotFound },
    unit: '字典',
  },
  fields: [
    {
      key: 'dictName',
      title: '字典名称',
      type: 'string',
      required: DICT_MSG.dictNameRequired,
      max: 100,
      filter: true,
      search: true,
      list: { width: 200 },
    },
    {
      key: 'dictCode',
      title: '字典编码',
      type: 'string',
      required: DICT_MSG.dictCodeRequired,
      max: 100,
      rule: { pattern: DICT_CODE_PATTERN, message: DICT_MSG.dictCodeChars },
      // deleted dictionaries included: a code names one dictionary for good
      unique: DICT_MSG.dictCodeTaken,
      filter: true,
      search: true,
      list: { width: 200 },
      help: '字典编码（字母、数字、下划线、中划线）',
    },
    { key: 'description', title: '描述', type: 'string', max: 255, list: { width: 260 } },
    // kept by the server: 0 live, 1 deleted (lists show live ones only)
    {
      key: 'delFlag',
      title: '删除状态',
      type: 'int',
      system: true,
      queryable: false,
      list: false,
      export: false,
      superQuery: false,
      terminal: false,
    },
    {
      key: 'type',
      title: '值类型',
      type: 'int',
      options: DICT_TYPES,
      invalidMessage: DICT_MSG.dictTypeInvalid,
      superQuery: false,
      terminal: false,
      list: { width: 100 },
      help: '值类型（0 字符串，1 数字）',
    },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 180 } } }),
  ],
});

/**
 * The recycle bin of deleted dictionaries (jeecg-api.md §6.5): their list, 取回 (`back`) and the
 * physical delete of one with its items. Deleting is what fills it, so its code guards them all.
 */
export const DICT_RECYCLE_ENDPOINTS = {
  /** the logically deleted dictionaries, newest deletion first */
  deleteList: endpoint('GET', '/sys/dict/deleteList', DICT.perms.delete),
  back: endpoint('PUT', '/sys/dict/back/:id', DICT.perms.delete),
  deletePhysic: endpoint('DELETE', '/sys/dict/deletePhysic/:id', DICT.perms.delete),
} as const;

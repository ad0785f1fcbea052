/**
 * 分类字典 (sys_category, jeecg-api.md §6.6): a tree of named codes (a child's code starts with its
 * parent's; left empty, the next free one is generated: A01, A01A01 …). Forms pick a node from
 * `pickList` (every node by its path); JeecgBoot's tree calls are declared below.
 */
import { endpoint } from '../contracts.ts';
import { AUTHENTICATED } from '../permission-codes.ts';
import { auditFields, defineResource } from './define.ts';

const PATH = '/sys/category';

/** Every node as `{id, name}` with the name the whole path (`服务/推拿`), ordered by code: the form's picker. */
export const CATEGORY_PICK = endpoint('GET', `${PATH}/pickList`, AUTHENTICATED);

export const CATEGORY_MSG = {
  codeChars: '编码只允许字母、数字、下划线和中划线',
  codePrefix: (parent: string) => `编码必须以上级编码 ${parent} 开头`,
  hasChildren: '该分类下还有子分类，请先删除子分类',
  parentSelf: '上级分类不能是自己或自己的下级',
  parentMissing: '上级分类不存在',
  parentIdsRequired: '请指定上级分类',
  tooManyParents: (n: number) => `一次最多查询${n}个上级分类`,
} as const;

export const CATEGORY = defineResource({
  name: 'category',
  title: '分类',
  path: PATH,
  operations: ['list', 'add', 'edit', 'delete', 'export', 'import'],
  component: 'system/SysCategoryList',
  category: '分类字典',
  english: 'category',
  keywords: ['分类', '分类字典'],
  defaultSort: { field: 'code', order: 'asc' },
  sheet: {
    title: '分类字典',
    sheetName: '分类字典',
    filename: '分类字典.xlsx',
    asciiFilename: 'categories.xlsx',
  },
  commands: {
    examples: { add: ['category add 示例分类'] },
    plural: 'categories',
    addPositional: ['name'],
    ref: { field: 'code', notFound: '未找到对应分类' },
  },
  notFound: '未找到对应分类',
  fields: [
    {
      key: 'name',
      title: '分类名称',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      filter: true,
      list: { width: 200 },
    },
    {
      key: 'code',
      title: '分类编码',
      type: 'string',
      max: 100,
      rule: { pattern: /^[A-Za-z0-9_-]+$/, message: CATEGORY_MSG.codeChars },
      unique: '分类编码已存在',
      fixedOnEdit: true,
      search: true,
      filter: true,
      list: { width: 160 },
      help: '分类编码（留空自动生成，须以上级编码开头）',
    },
    {
      key: 'pid',
      title: '上级分类',
      type: 'category',
      invalidMessage: CATEGORY_MSG.parentMissing,
      list: { width: 160 },
      help: '上级分类id（不填为根节点）',
    },
    {
      key: 'hasChild',
      title: '有子节点',
      type: 'string',
      system: true,
      list: false,
      export: false,
      superQuery: false,
      terminal: false,
    },
    {
      key: 'sysOrgCode',
      title: '所属部门',
      type: 'string',
      system: true,
      list: false,
      export: false,
      superQuery: false,
      terminal: false,
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

/** JeecgBoot's tree calls of the category dictionary (jeecg-api.md §6.6). */
export const CATEGORY_ENDPOINTS = {
  /** roots as a page (`pid` default "0"); with name or code, every level */
  rootList: endpoint('GET', `${PATH}/rootList`, CATEGORY.perms.list),
  childList: endpoint('GET', `${PATH}/childList`, CATEGORY.perms.list),
  /** the children of every node of `parentIds` (comma list), as one page */
  getChildListBatch: endpoint('GET', `${PATH}/getChildListBatch`, CATEGORY.perms.list),
  checkCode: endpoint('GET', `${PATH}/checkCode`, CATEGORY.perms.list),
  loadOne: endpoint('GET', `${PATH}/loadOne`, AUTHENTICATED),
  loadTreeRoot: endpoint('GET', `${PATH}/loadTreeRoot`, AUTHENTICATED),
  loadTreeChildren: endpoint('GET', `${PATH}/loadTreeChildren`, AUTHENTICATED),
  loadTreeData: endpoint('GET', `${PATH}/loadTreeData`, AUTHENTICATED),
  loadDictItem: endpoint('GET', `${PATH}/loadDictItem`, AUTHENTICATED),
  loadAllData: endpoint('GET', `${PATH}/loadAllData`, AUTHENTICATED),
} as const;

/** A node of the tree components (TreeSelectModel: note `leaf`, not isLeaf). */
export interface CategoryNode {
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string;
  leaf: boolean;
  children: CategoryNode[] | null;
}

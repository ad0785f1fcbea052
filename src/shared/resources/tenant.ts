/**
 * 租户 (sys_tenant, jeecg-api.md §6.7): the one place its fields are declared. Its id is an integer
 * (JeecgBoot's `SysTenant.id`): the add form may give one (租户编号), else the next free one is taken.
 * Users belong to tenants through `rel_tenant_ids` (src/server/lib/access/tenant-scope.ts).
 */
import { endpoint } from '../contracts.ts';
import { AUTHENTICATED } from '../permission-codes.ts';
import { auditFields, defineResource } from './define.ts';

/** Dictionary of the `status` values (1 正常, 0 冻结). */
export const TENANT_STATUS_DICT = 'tenant_status';

/** The `status` values (the dictionary's items). */
export const TENANT_STATUS = [
  { value: '1', text: '正常' },
  { value: '0', text: '冻结' },
] as const;

/** Messages of the tenant endpoints. */
export const TENANT_RESOURCE_MSG = {
  notFound: '未找到对应实体',
  idTaken: '该租户编号已存在',
  badId: '租户编号须为正整数',
  /** deleteBatch: some were referenced (jeecg-api.md §6.7) */
  partlyDeleted: (names: string) => `部分删除成功！（被引用的租户无法删除）：${names}`,
  allReferenced: '选择的租户都已被引用，无法删除！',
  badDates: '结束时间不能早于开始时间',
} as const;

export const TENANT = defineResource({
  name: 'tenant',
  title: '租户',
  path: '/sys/tenant',
  operations: ['list', 'add', 'edit', 'delete'],
  /**
   * `tenant:all`: every tenant's rows (src/server/lib/access/tenant-scope.ts); without it a caller
   * reads and writes only the rows of their own tenants
   */
  permActions: { all: '跨租户访问' },
  component: 'system/TenantList',
  category: '租户管理',
  english: 'tenant',
  keywords: ['多租户'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '租户列表',
    sheetName: '租户列表',
    filename: '租户信息.xlsx',
    asciiFilename: 'tenants.xlsx',
  },
  notFound: TENANT_RESOURCE_MSG.notFound,
  commands: { addPositional: ['name'], unit: '个租户' },
  fields: [
    {
      key: 'name',
      title: '租户名称',
      type: 'string',
      required: true,
      max: 100,
      filter: true,
      search: true,
      list: { width: 200 },
    },
    { key: 'beginDate', title: '开始时间', type: 'date', list: { width: 130 } },
    { key: 'endDate', title: '结束时间', type: 'date', list: { width: 130 } },
    {
      key: 'status',
      title: '状态',
      type: 'int',
      dict: TENANT_STATUS_DICT,
      options: TENANT_STATUS,
      required: '请选择状态',
      invalidMessage: '状态取值无效',
      search: true,
      list: { width: 100 },
    },
    ...auditFields({ createBy: { list: { width: 120 } }, createTime: { list: { width: 180 } } }),
  ],
});

/** Active tenants (status 1), all or those of `ids`: the tenant choices of the user form. */
export const TENANT_QUERY_LIST = endpoint('GET', `${TENANT.decl.path}/queryList`, AUTHENTICATED);

/** The tenants of the signed-in user: `{ list }`. */
export const TENANT_OF_CURRENT_USER = endpoint(
  'GET',
  `${TENANT.decl.path}/getCurrentUserTenant`,
  AUTHENTICATED,
);

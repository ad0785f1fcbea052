/**
 * 角色 (sys_role, jeecg-api.md §6.2): the one place its fields are declared. The role's users, its
 * authorisation tree and grants are endpoints of their own (src/shared/endpoints.ts `role`).
 */
import { ROLE_CODE_RULE, ROLE_MSG } from '../role.ts';
import { auditFields, defineResource } from './define.ts';

export const ROLE = defineResource({
  name: 'role',
  title: '角色',
  path: '/sys/role',
  operations: ['list', 'add', 'edit', 'delete', 'export', 'import'],
  // role menu/button/data-rule grants (saveRolePermission, /sys/role/datarule)
  permActions: { authorize: '授权' },
  component: 'system/RoleUserList',
  category: '角色管理',
  english: 'role',
  keywords: ['角色', '授权', '权限'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: { title: '角色列表', sheetName: '角色列表', filename: '角色信息.xlsx', asciiFilename: 'roles.xlsx' },
  messages: { edited: '修改成功!' },
  page: { actionsWidth: 240 },
  commands: {
    examples: {
      add: ['role add demo_role 示例角色'],
      edit: ['role list | head 1 | role edit --role-name 示例角色二'],
    },
    addPositional: ['roleCode', 'roleName'],
    ref: { field: 'roleCode', notFound: '角色不存在' },
    unit: '角色',
  },
  fields: [
    {
      key: 'roleName',
      title: '角色名称',
      type: 'string',
      required: '请输入角色名称!',
      max: 30,
      rule: { pattern: /^[\s\S]{2,30}$/, message: '长度在 2 到 30 个字符' },
      search: true,
      filter: true,
      list: { width: 180 },
    },
    {
      key: 'roleCode',
      title: '角色编码',
      type: 'string',
      required: '请输入角色编码!',
      max: 64,
      rule: ROLE_CODE_RULE,
      unique: '角色编码已存在',
      // the code names the role in grants and commands, and `admin` holds every right
      fixedOnEdit: ROLE_MSG.codeFixed,
      search: true,
      filter: true,
      list: { width: 160 },
      help: '角色编码（字母开头，字母、数字、下划线）',
    },
    { key: 'description', title: '描述', type: 'string', max: 126, list: { width: 240 } },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

import type { SuperQueryField } from '../../../shared/super-query.ts';
import type { ListColumn, SearchField } from '../../components/data-grid/list/types.ts';
import type { UserRow } from './api/get-users.ts';

export const USER_COLUMNS: Array<ListColumn<UserRow>> = [
  { field: 'username', title: '用户账号', width: 130, filter: true },
  { field: 'realname', title: '用户姓名', width: 120, filter: true },
  { field: 'sex_dictText', title: '性别', width: 80 },
  { field: 'birthday', title: '生日', width: 120 },
  { field: 'phone', title: '手机号码', width: 140, filter: true },
  { field: 'orgCodeTxt', title: '部门', width: 180, sortField: false },
  { field: 'status_dictText', title: '状态', width: 90 },
  { field: 'createTime', title: '创建时间', width: 170 },
];

export const USER_SEARCH: SearchField[] = [
  { key: 'username', label: '账号' },
  { key: 'realname', label: '姓名' },
  { key: 'phone', label: '手机号码' },
  { key: 'status', label: '状态', type: 'select', dictCode: 'user_status' },
];

export const USER_SUPER_QUERY: SuperQueryField[] = [
  { field: 'username', title: '用户账号', type: 'string' },
  { field: 'realname', title: '用户姓名', type: 'string' },
  { field: 'sex', title: '性别', type: 'select', dictCode: 'sex' },
  { field: 'birthday', title: '生日', type: 'date' },
  { field: 'phone', title: '手机号码', type: 'string' },
  { field: 'email', title: '邮箱', type: 'string' },
  { field: 'status', title: '状态', type: 'select', dictCode: 'user_status' },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
  { field: 'createBy', title: '创建人', type: 'user' },
];

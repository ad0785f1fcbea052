import { userReach } from '../repos/user-tenants.ts';
import { and, eq, ne } from 'drizzle-orm';
import { PERM } from '../../shared/permissions.ts';
import { sysUser } from '../db/schema/index.ts';
import { departNamesByUser } from '../repos/departs.ts';
import type { ReportDefinition, ReportSource } from './types.ts';

const source: ReportSource<typeof sysUser> = {
  table: sysUser,
  fields: {
    id: { column: sysUser.id, type: 'string', sortable: false },
    username: { column: sysUser.username, type: 'string' },
    realname: { column: sysUser.realname, type: 'string' },
    sex: { column: sysUser.sex, type: 'int' },
    phone: { column: sysUser.phone, type: 'string', sortable: false },
    createTime: { column: sysUser.createTime, type: 'datetime', filterable: false },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  tieBreaker: sysUser.id,
  scope: () => and(eq(sysUser.delFlag, 0), ne(sysUser.username, '_reserve_user_external')),
  reach: userReach,
  async toRecords(db, rows) {
    const departs = await departNamesByUser(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((u) => ({
      id: u.id,
      username: u.username,
      realname: u.realname,
      sex: u.sex,
      phone: u.phone,
      orgCodeTxt: departs.get(u.id) ?? null,
    }));
  },
};

/** 选择用户: the back-office accounts with their departments (popup of user fields). */
export const userSelectReport: ReportDefinition = {
  id: '6c7f1e0a2b3d4c5e8f9a0b1c2d3e4f01',
  code: 'user_select',
  name: '选择用户',
  permission: PERM.user.select,
  columns: [
    { title: '用户账号', dataIndex: 'username', sorter: true },
    { title: '用户姓名', dataIndex: 'realname', sorter: true },
    { title: '性别', dataIndex: 'sex', dict: 'sex', sorter: true },
    { title: '手机号码', dataIndex: 'phone' },
    { title: '部门', dataIndex: 'orgCodeTxt' },
  ],
  query: [
    { field: 'username', label: '用户账号', view: 'string', mode: 'single' },
    { field: 'realname', label: '用户姓名', view: 'string', mode: 'single' },
    { field: 'sex', label: '性别', view: 'list', mode: 'single', dict: 'sex' },
  ],
  source,
};

import { PERM } from '../../../../shared/permissions.ts';
import type { SeedMenu } from './types.ts';

/** 系统管理: users, roles, menus (with data rules), organisation, dictionaries, notices, jobs. */
export const SYSTEM_MENU: SeedMenu = {
  name: '系统管理',
  url: '/isystem',
  component: 'layouts/RouteView',
  icon: 'setting',
  children: [
    {
      name: '用户管理',
      url: '/isystem/user',
      component: 'system/UserList',
      buttons: [
        { name: '查询', perms: PERM.user.list },
        { name: '添加', perms: PERM.user.add },
        { name: '编辑', perms: PERM.user.edit },
        { name: '删除', perms: PERM.user.delete },
        { name: '冻结/解冻', perms: PERM.user.freeze },
        { name: '重置密码', perms: PERM.user.resetPassword },
        { name: '选择用户', perms: PERM.user.select },
        { name: '导出', perms: PERM.user.export },
        { name: '导入', perms: PERM.user.import },
        { name: '性别', perms: PERM.user.fieldSex },
        { name: '生日', perms: PERM.user.formBirthday, permsType: '2' },
        { name: '手机号', perms: PERM.user.formPhone, permsType: '2' },
      ],
    },
    {
      name: '角色管理',
      url: '/isystem/roleUserList',
      component: 'system/RoleUserList',
    },
    {
      name: '菜单管理',
      url: '/isystem/permission',
      component: 'system/PermissionList',
      buttons: [
        { name: '查询', perms: PERM.permission.list },
        { name: '添加', perms: PERM.permission.add },
        { name: '编辑', perms: PERM.permission.edit },
        { name: '删除', perms: PERM.permission.delete },
        { name: '数据规则', perms: PERM.permission.dataRule },
      ],
    },
    {
      name: '部门管理',
      url: '/isystem/depart',
      component: 'system/DepartList',
      buttons: [
        { name: '查询', perms: PERM.depart.list },
        { name: '添加', perms: PERM.depart.add },
        { name: '编辑', perms: PERM.depart.edit },
        { name: '删除', perms: PERM.depart.delete },
        { name: '部门授权', perms: PERM.depart.authorize },
        { name: '导出', perms: PERM.depart.export },
        { name: '导入', perms: PERM.depart.import },
      ],
    },
    {
      name: '职务管理',
      url: '/isystem/position',
      component: 'system/SysPositionList',
    },
    {
      name: '租户管理',
      url: '/isys/tenant',
      component: 'system/TenantList',
    },
    {
      name: '数据字典',
      url: '/isystem/dict',
      component: 'system/DictList',
    },
    {
      name: '分类字典',
      url: '/isys/category',
      component: 'system/SysCategoryList',
    },
    {
      name: '编码校验规则',
      url: '/isystem/checkRule',
      component: 'system/SysCheckRuleList',
    },
    {
      name: '系统通告',
      url: '/isystem/annountCement',
      component: 'system/SysAnnouncementList',
    },
    {
      name: '日志管理',
      url: '/isystem/log',
      component: 'system/LogList',
    },
    {
      name: '定时任务',
      url: '/isystem/QuartzJobList',
      component: 'system/QuartzJobList',
    },
    {
      name: '保存的脚本',
      url: '/isystem/savedScript',
      component: 'system/SavedScriptList',
    },
    {
      name: '在线用户',
      url: '/isystem/online',
      component: 'system/SysUserOnlineList',
      buttons: [
        { name: '查询', perms: PERM.online.list },
        { name: '强制退出', perms: PERM.online.forceLogout },
      ],
    },
    {
      name: '回收站',
      url: '/isystem/recycleBin',
      component: 'system/UserRecycleBin',
      buttons: [
        { name: '查询', perms: PERM.recycleBin.list },
        { name: '还原', perms: PERM.recycleBin.restore },
        { name: '彻底删除', perms: PERM.recycleBin.delete },
      ],
    },
  ],
};

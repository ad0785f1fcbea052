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
      ],
    },
    {
      name: '角色管理',
      url: '/isystem/roleUserList',
      component: 'system/RoleUserList',
      buttons: [
        { name: '查询', perms: PERM.role.list },
        { name: '添加', perms: PERM.role.add },
        { name: '编辑', perms: PERM.role.edit },
        { name: '删除', perms: PERM.role.delete },
        { name: '授权', perms: PERM.role.authorize },
      ],
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
      ],
    },
    {
      name: '职务管理',
      url: '/isystem/position',
      component: 'system/SysPositionList',
      buttons: [
        { name: '查询', perms: PERM.position.list },
        { name: '添加', perms: PERM.position.add },
        { name: '编辑', perms: PERM.position.edit },
        { name: '删除', perms: PERM.position.delete },
        { name: '导出', perms: PERM.position.export },
        { name: '导入', perms: PERM.position.import },
      ],
    },
    {
      name: '租户管理',
      url: '/isys/tenant',
      component: 'system/TenantList',
      buttons: [
        { name: '查询', perms: PERM.tenant.list },
        { name: '添加', perms: PERM.tenant.add },
        { name: '编辑', perms: PERM.tenant.edit },
        { name: '删除', perms: PERM.tenant.delete },
      ],
    },
    {
      name: '数据字典',
      url: '/isystem/dict',
      component: 'system/DictList',
      buttons: [
        { name: '查询', perms: PERM.dict.list },
        { name: '添加', perms: PERM.dict.add },
        { name: '编辑', perms: PERM.dict.edit },
        { name: '删除', perms: PERM.dict.delete },
        { name: '刷新缓存', perms: PERM.dict.refreshCache },
      ],
    },
    {
      name: '分类字典',
      url: '/isys/category',
      component: 'system/SysCategoryList',
      buttons: [
        { name: '查询', perms: PERM.category.list },
        { name: '添加', perms: PERM.category.add },
        { name: '编辑', perms: PERM.category.edit },
        { name: '删除', perms: PERM.category.delete },
      ],
    },
    {
      name: '编码校验规则',
      url: '/isystem/checkRule',
      component: 'system/SysCheckRuleList',
      buttons: [
        { name: '查询', perms: PERM.checkRule.list },
        { name: '添加', perms: PERM.checkRule.add },
        { name: '编辑', perms: PERM.checkRule.edit },
        { name: '删除', perms: PERM.checkRule.delete },
      ],
    },
    {
      name: '系统通告',
      url: '/isystem/annountCement',
      component: 'system/SysAnnouncementList',
      buttons: [
        { name: '查询', perms: PERM.announcement.list },
        { name: '添加', perms: PERM.announcement.add },
        { name: '编辑', perms: PERM.announcement.edit },
        { name: '删除', perms: PERM.announcement.delete },
        { name: '发布', perms: PERM.announcement.release },
        { name: '撤销', perms: PERM.announcement.revoke },
      ],
    },
    {
      name: '日志管理',
      url: '/isystem/log',
      component: 'system/LogList',
      buttons: [
        { name: '查询', perms: PERM.log.list },
        { name: '删除', perms: PERM.log.delete },
        { name: '导出', perms: PERM.log.export },
      ],
    },
    {
      name: '定时任务',
      url: '/isystem/QuartzJobList',
      component: 'system/QuartzJobList',
      buttons: [
        { name: '查询', perms: PERM.quartz.list },
        { name: '添加', perms: PERM.quartz.add },
        { name: '编辑', perms: PERM.quartz.edit },
        { name: '删除', perms: PERM.quartz.delete },
        { name: '停止', perms: PERM.quartz.pause },
        { name: '启动', perms: PERM.quartz.resume },
        { name: '立即执行', perms: PERM.quartz.execute },
      ],
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

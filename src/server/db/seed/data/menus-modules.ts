import { PERM } from '../../../../shared/permissions.ts';
import type { SeedMenu } from './types.ts';

/** 消息模板: one page under its own folder. */
export const MESSAGE_MENU: SeedMenu = {
  name: '消息模板',
  url: '/message',
  component: 'layouts/RouteView',
  icon: 'message',
  children: [
    {
      name: '模板管理',
      url: '/message/template',
      component: 'modules/message/SysMessageTemplateList',
    },
  ],
};

/** 系统监控: one read-only page per probe, each gated by its own monitor:* code. */
export const MONITOR_MENU: SeedMenu = {
  name: '系统监控',
  url: '/monitor',
  component: 'layouts/RouteView',
  icon: 'dashboard',
  children: [
    {
      name: '磁盘监控',
      url: '/monitor/Disk',
      component: 'modules/monitor/DiskMonitoring',
      buttons: [{ name: '查看', perms: PERM.monitor.disk }],
    },
    {
      name: '请求追踪',
      url: '/monitor/HttpTrace',
      component: 'modules/monitor/HttpTrace',
      buttons: [{ name: '查看', perms: PERM.monitor.trace }],
    },
    {
      name: '运行时信息',
      url: '/monitor/JvmInfo',
      component: 'modules/monitor/JvmInfo',
      buttons: [{ name: '查看', perms: PERM.monitor.runtime }],
    },
    {
      name: '数据库监控',
      url: '/monitor/redis/info',
      component: 'modules/monitor/RedisInfo',
      buttons: [{ name: '查看', perms: PERM.monitor.db }],
    },
    {
      name: '终端',
      url: '/monitor/terminal',
      component: 'modules/monitor/Terminal',
      buttons: [{ name: '使用', perms: PERM.monitor.terminal }],
    },
    {
      name: '服务器信息',
      url: '/monitor/SystemInfo',
      component: 'modules/monitor/SystemInfo',
      buttons: [{ name: '查看', perms: PERM.monitor.server }],
    },
    {
      name: 'HTTP服务信息',
      url: '/monitor/TomcatInfo',
      component: 'modules/monitor/TomcatInfo',
      buttons: [{ name: '查看', perms: PERM.monitor.http }],
    },
  ],
};

/** 文件存储: one page under its own folder. */
export const OSS_MENU: SeedMenu = {
  name: '文件存储',
  url: '/oss',
  component: 'layouts/RouteView',
  icon: 'cloud',
  children: [
    {
      name: '文件管理',
      url: '/oss/file',
      component: 'modules/oss/OSSFileList',
    },
  ],
};

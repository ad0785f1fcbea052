import type { SeedMenu } from './types.ts';

/** 首页: always the first row (the server prepends it to every user's menu). */
export const HOME_MENU: SeedMenu = {
  name: '首页',
  url: '/dashboard/analysis',
  component: 'dashboard/Analysis',
  icon: 'home',
};

/** 仪表盘: the other dashboards (分析页 is the home row above, urls are unique). */
export const DASHBOARD_MENU: SeedMenu = {
  name: '仪表盘',
  url: '/dashboard',
  component: 'layouts/RouteView',
  icon: 'dashboard',
  children: [
    { name: '主页', url: '/dashboard/index', component: 'dashboard/IndexChart' },
    { name: '监控页', url: '/dashboard/monitor', component: 'dashboard/Monitor' },
    { name: '工作台', url: '/dashboard/workplace', component: 'dashboard/Workplace' },
  ],
};

/**
 * 个人页 (hidden): account center and settings, plus 我的消息 (the notification bell's "view more"
 * target), placed here so that every user who may open the account pages also gets it.
 */
export const ACCOUNT_MENU: SeedMenu = {
  name: '个人页',
  url: '/account',
  component: 'layouts/RouteView',
  icon: 'user',
  hidden: true,
  children: [
    { name: '个人中心', url: '/account/center', component: 'account/center/Index' },
    {
      name: '个人设置',
      url: '/account/settings',
      component: 'account/settings/Index',
      alwaysShow: true,
      redirect: '/account/settings/base',
      children: [
        {
          name: '基本设置',
          url: '/account/settings/base',
          component: 'account/settings/BaseSetting',
          hidden: true,
        },
        {
          name: '账户绑定',
          url: '/account/settings/binding',
          component: 'account/settings/Binding',
          hidden: true,
        },
        { name: '个性化', url: '/account/settings/custom', component: 'account/settings/Custom', hidden: true },
        {
          name: '新消息通知',
          url: '/account/settings/notification',
          component: 'account/settings/Notification',
          hidden: true,
        },
        {
          name: '安全设置',
          url: '/account/settings/security',
          component: 'account/settings/Security',
          hidden: true,
        },
      ],
    },
    {
      name: '我的消息',
      url: '/isps/userAnnouncement',
      component: 'system/UserAnnouncementList',
      hidden: true,
    },
  ],
};

/** 异常页 (hidden): 403 / 404 / 500. */
export const EXCEPTION_MENU: SeedMenu = {
  name: '异常页',
  url: '/exception',
  component: 'layouts/RouteView',
  icon: 'warning',
  hidden: true,
  children: [
    { name: '403', url: '/exception/403', component: 'exception/403' },
    { name: '404', url: '/exception/404', component: 'exception/404' },
    { name: '500', url: '/exception/500', component: 'exception/500' },
  ],
};

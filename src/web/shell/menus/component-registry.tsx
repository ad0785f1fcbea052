import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { screenOf } from '../../../shared/resources/define.ts';
import { RESOURCES, type ResourceName } from '../../../shared/resources/index.ts';

type Page = LazyExoticComponent<ComponentType<{ entry?: unknown }>> | ComponentType<{ entry?: unknown }>;

/**
 * Resources whose screen adds parts of its own to the generated page (sub forms, dialogs): their
 * page renders `ResourcePage` with them. The others get the generated page as it is.
 */
const RESOURCE_PAGES: Partial<Record<ResourceName, Page>> = {
  dict: lazy(() => import('../../features/dict/dict-page.tsx')),
  partner: lazy(() => import('../../features/catalogue/partner-page.tsx')),
  technician: lazy(() => import('../../features/catalogue/technician-page.tsx')),
  techService: lazy(() => import('../../features/catalogue/tech-service-page.tsx')),
  techShift: lazy(() => import('../../features/shift/shift-page.tsx')),
  dispatch: lazy(() => import('../../features/dispatch/dispatch-record-page.tsx')),
  platformConfig: lazy(() => import('../../features/platform-config/platform-config-page.tsx')),
  fare: lazy(() => import('../../features/fare/fare-page.tsx')),
  customer: lazy(() => import('../../features/customer/customer-page.tsx')),
  job: lazy(() => import('../../features/quartz/job-page.tsx')),
  messageTemplate: lazy(() => import('../../features/message-template/template-page.tsx')),
  role: lazy(() => import('../../features/role/role-page.tsx')),
  order: lazy(() => import('../../features/order/order-page.tsx')),
  exceptionOrder: lazy(() => import('../../features/order/exception-order-page.tsx')),
};

/**
 * Menu `component` paths the client has. Menus are data: a path missing here opens the 404 page
 * naming it. Heavy pages load lazily (their own chunk).
 */
export const PAGES: Record<string, Page> = {
  'dashboard/Analysis': lazy(() => import('../../features/dashboard/analysis-page.tsx')),
  'dashboard/IndexChart': lazy(() => import('../../features/dashboard/analysis-page.tsx')),
  'dashboard/Workplace': lazy(() => import('../../features/dashboard/workplace-page.tsx')),
  'dashboard/Monitor': lazy(() => import('../../features/dashboard/monitor-page.tsx')),
  'account/center/Index': lazy(() => import('../../features/account/account-center-page.tsx')),
  'account/settings/Binding': lazy(() => import('../../features/account/binding-page.tsx')),
  // 账户设置: each page draws the settings frame (features/account/settings-frame.tsx) around itself
  'account/settings/Index': lazy(() => import('../../features/account/base-setting-page.tsx')),
  'account/settings/BaseSetting': lazy(() => import('../../features/account/base-setting-page.tsx')),
  'account/settings/Security': lazy(() => import('../../features/account/security-page.tsx')),
  'account/settings/Custom': lazy(() => import('../../features/account/custom-page.tsx')),
  'account/settings/Notification': lazy(() => import('../../features/account/notification-page.tsx')),
  'system/UserList': lazy(() => import('../../features/user/user-page.tsx')),
  'system/PermissionList': lazy(() => import('../../features/permission/permission-page.tsx')),
  'system/DepartList': lazy(() => import('../../features/depart/depart-page.tsx')),
  'system/SysUserOnlineList': lazy(() => import('../../features/online/online-page.tsx')),
  'system/UserRecycleBin': lazy(() => import('../../features/recycle/recycle-page.tsx')),
  'jeecg/JVxeDemo': lazy(() => import('../../features/demo/editable-grid-page.tsx')),
  'system/UserAnnouncementList': lazy(() => import('../../features/notice/my-notices-page.tsx')),
  'modules/monitor/Terminal': lazy(() => import('../terminal/terminal-page.tsx')),
  // 系统监控 (src/web/features/monitor): the JeecgBoot components' names, our pages
  'modules/monitor/SystemInfo': lazy(() => import('../../features/monitor/server-page.tsx')),
  'modules/monitor/JvmInfo': lazy(() => import('../../features/monitor/runtime-page.tsx')),
  'modules/monitor/RedisInfo': lazy(() => import('../../features/monitor/database-page.tsx')),
  'modules/monitor/DiskMonitoring': lazy(() => import('../../features/monitor/disk-page.tsx')),
  'modules/monitor/HttpTrace': lazy(() => import('../../features/monitor/trace-page.tsx')),
  'modules/monitor/TomcatInfo': lazy(() => import('../../features/monitor/http-page.tsx')),
  // the generated list page and form of every declared resource with a screen (src/shared/resources)
  ...Object.fromEntries(
    RESOURCES.flatMap((r) => {
      const component = screenOf(r);
      if (!component) return [];
      const page =
        RESOURCE_PAGES[r.decl.name] ??
        lazy(() =>
          import('../../resources/resource-page.tsx').then(({ ResourcePage }) => ({
            default: () => <ResourcePage resource={r} />,
          })),
        );
      return [[component, page]];
    }),
  ),
  'exception/403': lazy(() =>
    import('../../features/exception/exception-routes.tsx').then((m) => ({ default: m.Page403 })),
  ),
  'exception/404': lazy(() =>
    import('../../features/exception/exception-routes.tsx').then((m) => ({ default: m.Page404 })),
  ),
  'exception/500': lazy(() =>
    import('../../features/exception/exception-routes.tsx').then((m) => ({ default: m.Page500 })),
  ),
};

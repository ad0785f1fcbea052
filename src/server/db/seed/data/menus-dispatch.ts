import type { SeedMenu } from './types.ts';

/*
 * Shifts and dispatch: 技师排班 and 排班例外 (when technicians can be booked), 城市派单配置 and
 * 派单记录. Their buttons are derived from the declarations (src/shared/resources/technician-shift.ts,
 * dispatch.ts).
 */

export const DISPATCH_MENU: SeedMenu = {
  name: '排班派单',
  url: '/yy/dispatch',
  component: 'layouts/RouteView',
  icon: 'schedule',
  children: [
    { name: '技师排班', url: '/yy/dispatch/shift', component: 'yy/technician/YyTechnicianShiftList' },
    {
      name: '排班例外',
      url: '/yy/dispatch/shiftException',
      component: 'yy/technician/YyTechnicianShiftExceptionList',
    },
    { name: '派单记录', url: '/yy/dispatch/record', component: 'yy/dispatch/YyDispatchRecordList' },
    { name: '城市派单配置', url: '/yy/dispatch/city', component: 'yy/dispatch/YyDispatchCityList' },
  ],
};

/** The menu urls of the folder, for role grants. */
export const DISPATCH_MENU_URLS = [DISPATCH_MENU.url, ...(DISPATCH_MENU.children ?? []).map((m) => m.url)];

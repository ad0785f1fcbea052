import { PERM, type PermissionCode } from '../../../../shared/permissions.ts';
import type { SeedRole } from './types.ts';
import { DISPATCH_MENU_URLS } from './menus-dispatch.ts';

/** All codes of some PERM blocks. */
const all = (...blocks: Array<Record<string, PermissionCode>>): PermissionCode[] =>
  blocks.flatMap((block) => Object.values(block));

/** 首页, the dashboards and the hidden personal pages (incl. 我的消息): granted to every role. */
const COMMON_MENUS = [
  '/dashboard/analysis',
  '/dashboard',
  '/dashboard/index',
  '/dashboard/monitor',
  '/dashboard/workplace',
  '/account',
  '/account/center',
  '/account/settings',
  '/account/settings/base',
  '/account/settings/binding',
  '/account/settings/custom',
  '/account/settings/notification',
  '/account/settings/security',
  '/isps/userAnnouncement',
];

/** Every business folder and page (/yy/*). */
const BUSINESS_MENUS = [
  '/yy/banner',
  '/yy/banner/list',
  '/yy/partner',
  '/yy/partner/list',
  '/yy/customer',
  '/yy/customer/list',
  '/yy/config',
  '/yy/config/fare',
  '/yy/config/platform',
  '/yy/config/appVersion',
  '/yy/mall',
  '/yy/mall/goods',
  '/yy/mall/materialOrder',
  '/yy/mall/techFinance',
  '/yy/technician',
  '/yy/technician/list',
  '/yy/technician/project',
  '/yy/technician/commission',
  '/yy/technician/service',
  '/yy/technician/summary',
  '/yy/order',
  '/yy/order/visit',
  '/yy/order/exception',
  '/yy/statement',
  '/yy/statement/list',
  '/yy/visitFinance',
  '/yy/visitFinance/list',
];

/** Seeded roles. Menu grants are explicit: a granted folder implies nothing about its children. */
export const ROLES: SeedRole[] = [
  {
    code: 'admin',
    name: '管理员',
    description: '系统管理员，拥有全部菜单和按钮权限',
    grants: 'all',
  },
  {
    code: 'operator',
    name: '运营专员',
    description: '管理轮播图、商户、配置、商城、技师、订单与财务等业务数据，不含系统设置',
    grants: {
      menus: [...COMMON_MENUS, ...BUSINESS_MENUS, ...DISPATCH_MENU_URLS, '/isystem', '/isystem/user'],
      perms: [
        PERM.user.list,
        PERM.user.select,
        ...all(
          PERM.banner,
          PERM.partner,
          PERM.customer,
          PERM.fare,
          PERM.platformConfig,
          PERM.appVersion,
          PERM.goods,
          PERM.materialOrder,
          PERM.techFinance,
          PERM.project,
          PERM.technician,
          PERM.techCommission,
          PERM.techService,
          PERM.techSummary,
          PERM.techShift,
          PERM.techShiftException,
          PERM.dispatchCity,
          PERM.dispatch,
          PERM.visitOrder,
          PERM.exceptionOrder,
          PERM.statement,
          PERM.visitFinance,
        ),
      ],
    },
  },
  {
    code: 'finance',
    name: '财务出纳',
    description: '查看上门订单，查看并导出对账单、上门财务、技师财务统计、技师提成与物料订单，执行上门财务分账',
    grants: {
      menus: [
        ...COMMON_MENUS,
        '/yy/order',
        '/yy/order/visit',
        '/yy/mall',
        '/yy/mall/materialOrder',
        '/yy/mall/techFinance',
        '/yy/technician',
        '/yy/technician/commission',
        '/yy/statement',
        '/yy/statement/list',
        '/yy/visitFinance',
        '/yy/visitFinance/list',
      ],
      perms: [
        PERM.user.select,
        PERM.statement.list,
        PERM.statement.export,
        PERM.visitFinance.list,
        PERM.visitFinance.export,
        PERM.visitFinance.divideCash,
        PERM.techFinance.list,
        PERM.techFinance.export,
        PERM.techCommission.list,
        PERM.techCommission.export,
        PERM.materialOrder.list,
        PERM.materialOrder.export,
        PERM.visitOrder.list,
        PERM.visitOrder.export,
      ],
    },
  },
  {
    code: 'staff',
    name: '普通员工',
    description: '客服：代客下单、跟进上门订单（支付、取消、申请取消、评价、申请售后），查看异常订单',
    grants: {
      menus: [...COMMON_MENUS, '/yy/order', '/yy/order/visit', '/yy/order/exception'],
      perms: [
        PERM.user.select,
        PERM.visitOrder.list,
        PERM.visitOrder.add,
        PERM.visitOrder.edit,
        PERM.visitOrder.pay,
        PERM.visitOrder.cancel,
        PERM.visitOrder.requestCancel,
        PERM.visitOrder.review,
        PERM.visitOrder.afterSale,
        PERM.exceptionOrder.list,
      ],
    },
  },
];

import type { SeedMenu } from './types.ts';
import { ORDER_PAGE_ROUTE } from '../../../../shared/resources/order.ts';

/*
 * Business areas, part 2 (spec §1): technicians, orders, statements, visit finance.
 * Same URL scheme as menus-business.ts: /yy/<area>/<screen>, components yy/<area>/Yy<Entity>List.
 */

export const TECHNICIAN_MENU: SeedMenu = {
  name: '技师管理',
  url: '/yy/technician',
  component: 'layouts/RouteView',
  icon: 'team',
  children: [
    {
      name: '技师列表',
      url: '/yy/technician/list',
      component: 'yy/technician/YyTechnicianList',
    },
    {
      name: '服务项目',
      url: '/yy/technician/project',
      component: 'yy/technician/YyProjectList',
    },
    {
      name: '技师提成',
      url: '/yy/technician/commission',
      component: 'yy/technician/YyTechnicianCommissionList',
    },
    {
      name: '技师服务',
      url: '/yy/technician/service',
      component: 'yy/technician/YyTechnicianServiceList',
    },
    {
      name: '技师服务概况',
      url: '/yy/technician/summary',
      component: 'yy/technician/YyTechnicianSummaryList',
    },
  ],
};

export const ORDER_MENU: SeedMenu = {
  name: '订单',
  url: '/yy/order',
  component: 'layouts/RouteView',
  icon: 'profile',
  children: [
    {
      name: '上门订单',
      url: ORDER_PAGE_ROUTE,
      component: 'yy/order/YyVisitOrderList',
    },
    {
      name: '异常订单',
      url: '/yy/order/exception',
      component: 'yy/order/YyExceptionOrderList',
    },
  ],
};

export const STATEMENT_MENU: SeedMenu = {
  name: '对账单',
  url: '/yy/statement',
  component: 'layouts/RouteView',
  icon: 'account-book',
  children: [
    {
      name: '对账单管理',
      url: '/yy/statement/list',
      component: 'yy/statement/YyStatementList',
    },
  ],
};

export const VISIT_FINANCE_MENU: SeedMenu = {
  name: '上门财务',
  url: '/yy/visitFinance',
  component: 'layouts/RouteView',
  icon: 'wallet',
  children: [
    {
      name: '财务明细',
      url: '/yy/visitFinance/list',
      component: 'yy/visitFinance/YyVisitFinanceList',
    },
    {
      name: '资金流水',
      url: '/yy/visitFinance/ledger',
      component: 'yy/visitFinance/YyLedgerList',
    },
    {
      name: '提现管理',
      url: '/yy/visitFinance/withdraw',
      component: 'yy/visitFinance/YyWithdrawList',
    },
  ],
};

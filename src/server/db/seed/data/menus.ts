import { ACCOUNT_MENU, DASHBOARD_MENU, EXCEPTION_MENU, HOME_MENU } from './menus-base.ts';
import { ORDER_MENU, STATEMENT_MENU, TECHNICIAN_MENU, VISIT_FINANCE_MENU } from './menus-business-ops.ts';
import { BANNER_MENU, CONFIG_MENU, CUSTOMER_MENU, MALL_MENU, PARTNER_MENU } from './menus-business.ts';
import { MESSAGE_MENU, MONITOR_MENU, OSS_MENU } from './menus-modules.ts';
import { SYSTEM_MENU } from './menus-system.ts';
import { DEMO_MENU } from './menus-demo.ts';
import { DISPATCH_MENU } from './menus-dispatch.ts';
import type { SeedMenu } from './types.ts';

/**
 * The whole menu tree of the product. Roots, children and buttons are listed in display order: a
 * row's position among its siblings is its sort order. Every permission code has exactly one button
 * row somewhere in this tree.
 */
export const MENUS: SeedMenu[] = [
  HOME_MENU,
  DASHBOARD_MENU,
  ACCOUNT_MENU,
  BANNER_MENU,
  PARTNER_MENU,
  CUSTOMER_MENU,
  CONFIG_MENU,
  MALL_MENU,
  TECHNICIAN_MENU,
  DISPATCH_MENU,
  ORDER_MENU,
  STATEMENT_MENU,
  VISIT_FINANCE_MENU,
  SYSTEM_MENU,
  MESSAGE_MENU,
  MONITOR_MENU,
  OSS_MENU,
  DEMO_MENU,
  EXCEPTION_MENU,
];

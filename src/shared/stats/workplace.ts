/**
 * 工作台 (`dashboard/Workplace`): what waits for the signed-in user, by what they may do. One
 * endpoint answers every section the caller holds both the list's code and the action's code for,
 * counted and listed within the caller's row scope (tenant, partner, data rules) — the same rows
 * the section's list shows filtered by that state. Each item names the command that acts on it.
 */
import { ENDPOINTS } from '../endpoints.ts';
import { RESOURCES } from '../resources/index.ts';
import { screenOf } from '../resources/surfaces.ts';
import { EXCEPTION_STATUS } from '../resources/exception-order-states.ts';
import { ORDER_STATUS } from '../resources/order-states.ts';
import { PARTNER_STATUS } from '../resources/partner.ts';
import { WITHDRAW_STATUS } from '../resources/withdraw.ts';
import { STATEMENT_STATUS } from '../money/statement.ts';

/** GET …/workplace: `WorkplaceSection[]`, the sections the caller may act on. */
export const WORKPLACE_PENDING = ENDPOINTS.home.workplace;

/** How many rows of each section the answer lists (the count is of all of them). */
export const WORKPLACE_ITEMS = 10;

export type WorkplaceKey = 'exceptions' | 'cancellations' | 'partners' | 'withdrawals' | 'statements';

/** One section of 工作台: what to do, its resource and state, and the command doing it. */
export interface WorkplaceSectionDef {
  key: WorkplaceKey;
  /** the section's Chinese title */
  title: string;
  /** the declared resource (src/shared/resources) whose rows wait */
  resource: 'exceptionOrder' | 'order' | 'partner' | 'withdraw' | 'statement';
  /** the state the rows wait in (the list's `status` filter) */
  status: string;
  /** the transition the user takes on a row: its command is `<resource>.<action>` */
  action: string;
  /** the button's text */
  actionTitle: string;
}

export const WORKPLACE_SECTIONS: readonly WorkplaceSectionDef[] = [
  {
    key: 'exceptions',
    title: '待处理异常订单',
    resource: 'exceptionOrder',
    status: EXCEPTION_STATUS.open,
    action: 'claim',
    actionTitle: '认领',
  },
  {
    key: 'cancellations',
    title: '待审核取消',
    resource: 'order',
    status: ORDER_STATUS.cancelPending,
    action: 'approveCancel',
    actionTitle: '同意取消',
  },
  {
    key: 'partners',
    title: '待审核商户',
    resource: 'partner',
    status: PARTNER_STATUS.pending,
    action: 'approve',
    actionTitle: '审核通过',
  },
  {
    key: 'withdrawals',
    title: '待审核提现',
    resource: 'withdraw',
    status: WITHDRAW_STATUS.pending,
    action: 'approve',
    actionTitle: '审核通过',
  },
  {
    key: 'statements',
    title: '待确认对账单',
    resource: 'statement',
    status: STATEMENT_STATUS.draft,
    action: 'confirm',
    actionTitle: '确认',
  },
];

/** A row waiting: its id, what names it, a detail line and since when. */
export interface WorkplaceItem {
  id: string;
  label: string;
  detail: string;
  /** when the row was created, ISO text */
  time: string | null;
}

export interface WorkplaceSection {
  key: WorkplaceKey;
  title: string;
  /** every row waiting in the caller's reach */
  count: number;
  /** the oldest `WORKPLACE_ITEMS` of them */
  items: WorkplaceItem[];
  /** the command acting on one row (`<resource>.<action>`, `ids` its argument) */
  command: string;
  actionTitle: string;
  /** the menu component of the section's list (the resource's screen): the client links to its menu entry */
  component: string;
}

/** The menu component of a section's list: its resource's screen (menus are data: the client finds the entry). */
export function sectionComponent(def: WorkplaceSectionDef): string {
  const component = screenOf(RESOURCES.find((x) => x.decl.name === def.resource)!);
  if (!component) throw new Error(`${def.resource} has no screen`);
  return component;
}

/** The codes a section needs: its list's, and its action's (the transition's endpoint permission). */
export function sectionCodes(def: WorkplaceSectionDef): { list: string; action: string } {
  const r = RESOURCES.find((x) => x.decl.name === def.resource)!;
  const action = r.states?.actions.find((a) => a.name === def.action);
  if (!action) throw new Error(`${def.resource} has no action ${def.action}`);
  return { list: (r.perms as Record<string, string>).list!, action: action.endpoint.permission as string };
}

/**
 * 技师提成 (yy_technician_commission): the rules paying a technician for a completed order — by
 * scope (technician + project, technician, project, technician level, generic), type (fixed,
 * percent of the service amount, per hour, tiered by the month's completed count), priority and
 * validity dates. The rules themselves are pure (src/shared/money/commission.ts); the preview
 * shows which one applies to an order and what it pays, `getTechRoyalty` a technician's period.
 */
import type { DeclaredContract } from '../contracts.ts';
import { COMMISSION_SCOPES, COMMISSION_TYPES } from '../money/commission.ts';
import { YES_NO } from './app-version.ts';
import { auditFields, defineResource } from './define.ts';
import { TECHNICIAN_LEVEL_DICT } from './technician.ts';

export * from '../money/commission.ts';

const PATH = '/yy/yyTechnicianCommission';
/** the codes of the menu seeded as 技师提成 (techCommission:*), kept */
const DOMAIN = 'techCommission';

/** GET …/technicianOptions: the technicians a rule may name. */
export const COMMISSION_TECHNICIAN_PICKER = {
  method: 'GET',
  path: `${PATH}/technicianOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** GET …/projectOptions: the projects a rule may name. */
export const COMMISSION_PROJECT_PICKER = {
  method: 'GET',
  path: `${PATH}/projectOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

export const TECH_COMMISSION = defineResource({
  name: 'commission',
  title: '提成规则',
  path: PATH,
  permDomain: DOMAIN,
  component: 'yy/technician/YyTechnicianCommissionList',
  category: '技师提成',
  english: 'commission',
  keywords: ['技师提成', '提成', '分成', 'royalty', 'commission rule'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '技师提成',
    sheetName: '技师提成',
    filename: '技师提成.xlsx',
    asciiFilename: 'technician-commission.xlsx',
  },
  notFound: '提成规则不存在',
  // a rule's amount or rate depends on its scope and type: the derived sample names neither
  commands: { examples: { add: ['commission add --name 示例通用提成 --scope 5 --type 2 --rate 30'] } },
  fields: [
    {
      key: 'name',
      title: '规则名称',
      type: 'string',
      required: true,
      max: 50,
      search: true,
      list: { width: 160 },
    },
    {
      key: 'scope',
      title: '适用范围',
      type: 'enum',
      options: COMMISSION_SCOPES,
      required: true,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'technicianId',
      title: '技师',
      type: 'ref',
      reference: { resource: 'technician', label: 'name', picker: COMMISSION_TECHNICIAN_PICKER },
      search: true,
      list: { width: 90 },
    },
    {
      key: 'projectId',
      title: '服务项目',
      type: 'ref',
      reference: { resource: 'project', label: 'name', picker: COMMISSION_PROJECT_PICKER },
      search: true,
      list: { width: 120 },
    },
    {
      key: 'techLevel',
      title: '技师等级',
      type: 'dict',
      dict: TECHNICIAN_LEVEL_DICT,
      max: 10,
      list: { width: 90 },
    },
    {
      key: 'type',
      title: '提成方式',
      type: 'enum',
      options: COMMISSION_TYPES,
      required: true,
      search: true,
      list: { width: 130 },
    },
    {
      key: 'amount',
      title: '金额(元)',
      type: 'money',
      help: '固定金额，或按小时的每小时金额',
      list: { width: 90 },
    },
    {
      key: 'rate',
      title: '提成比例(%)',
      type: 'percent',
      help: '服务金额（实付减车费）的百分比',
      list: { width: 100 },
    },
    {
      key: 'tiers',
      title: '阶梯',
      type: 'string',
      max: 255,
      help: '按当月完成单量：起始单量:比例，如 1:30,21:35,51:40',
      list: { width: 140 },
    },
    { key: 'priority', title: '优先级', type: 'int', help: '同一范围内数值大者优先', list: { width: 70 } },
    { key: 'beginDate', title: '生效日期', type: 'date', list: { width: 110 } },
    { key: 'endDate', title: '失效日期', type: 'date', list: { width: 110 } },
    { key: 'enabled', title: '启用', type: 'boolean', options: YES_NO, search: true, list: { width: 70 } },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: false, terminal: false },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 160 } } }),
  ],
});

/**
 * GET …/preview?orderId= (id or number): the rule that applies to the order (or would, were it
 * completed now), the other rules in force in their order, and the amount.
 */
export const COMMISSION_PREVIEW = {
  method: 'GET',
  path: `${PATH}/preview`,
  permission: TECH_COMMISSION.perms.list,
} as const satisfies DeclaredContract;

/**
 * GET …/getTechRoyalty?technicianId=&begin=&end= (spec §7): a technician's commission over a
 * period (dates inclusive, local), from the ledger: orders, commission, travel fees, claw-backs.
 */
export const COMMISSION_TECH_ROYALTY = {
  method: 'GET',
  path: `${PATH}/getTechRoyalty`,
  permission: TECH_COMMISSION.perms.list,
} as const satisfies DeclaredContract;

/** What the preview answers. */
export interface CommissionPreview {
  orderId: string;
  orderNo: string;
  technicianId: string | null;
  technicianName: string | null;
  projectName: string | null;
  techLevel: string | null;
  date: string;
  paidAmount: string;
  fareAmount: string;
  serviceAmount: string;
  minutes: number;
  monthCount: number;
  rule: { id: string; name: string | null; scope: string; type: string } | null;
  /** the commission in yuan text */
  amount: string;
  /** the amount posted to the ledger for this order, when it is completed (null: none yet) */
  posted: string | null;
  candidates: Array<{ id: string; name: string | null; scope: string; type: string; priority: number }>;
  message: string;
}

/**
 * 商户档案 (yy_partner): franchise partners. A new partner waits for review (待审核); its status
 * changes only through `PUT /yy/yyPartner/updateStatus`, along the allowed transitions, with a
 * reason where one is needed, and every change is logged (商户状态记录).
 */
import { z } from 'zod';
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { auditFields, defineResource } from './define.ts';
import { transitionBetween, transitionRefusal } from './transitions.ts';

export const PARTNER_TYPES = [
  { value: '1', text: '个人' },
  { value: '2', text: '企业' },
] as const;

export const PARTNER_STATUS = {
  pending: '0',
  active: '1',
  rejected: '2',
  disabled: '3',
} as const;
export type PartnerStatus = (typeof PARTNER_STATUS)[keyof typeof PARTNER_STATUS];

export const PARTNER_STATUSES = [
  { value: PARTNER_STATUS.pending, text: '待审核' },
  { value: PARTNER_STATUS.active, text: '正常' },
  { value: PARTNER_STATUS.rejected, text: '已驳回' },
  { value: PARTNER_STATUS.disabled, text: '停用' },
] as const;

export const statusText = (status: string): string =>
  PARTNER_STATUSES.find((s) => s.value === status)?.text ?? status;

/** A status given as its code or its text (`停用`), or undefined. */
export const partnerStatusOf = (given: string): PartnerStatus | undefined =>
  PARTNER_STATUSES.find((s) => s.value === given.trim() || s.text === given.trim())?.value;

export const PARTNER_MSG = {
  notFound: '商户不存在',
  nameTaken: '商户名称已存在',
  statusRequired: '请选择状态',
  statusInvalid: '状态取值无效',
  reasonRequired: '请填写原因',
  reasonTooLong: '原因最多255个字符',
  transition: (from: string, to: string) => `商户状态不能从「${statusText(from)}」改为「${statusText(to)}」`,
  unchanged: (status: string) => `商户已是「${statusText(status)}」状态`,
  hasTechnicians: '商户下还有技师，不能删除',
  statusChanged: (status: string) => `商户已改为「${statusText(status)}」`,
  partnerInactive: '商户不存在或未启用',
  /** what 停用 does beyond the partner's state (the confirmation and the dry run say it) */
  stopEffects: (technicians: number, orders: number) =>
    `将使 ${technicians} 名技师下线（改为「休息」），${orders} 个待接单订单退回重新派单；已接单和服务中的订单仍由原技师完成`,
  /** the history reason of a technician taken offline and of an order taken back by a 停用 */
  technicianStopped: (partner: string) => `商户「${partner}」停用，技师下线`,
  orderReturned: (partner: string) => `商户「${partner}」停用，订单退回重新派单`,
} as const;

const PATH = '/yy/yyPartner';
/** every status action needs the one code of JeecgBoot's 修改状态 button */
const perm = 'updateStatus';
const { pending, active, rejected, disabled } = PARTNER_STATUS;

/** PUT …/updateStatus {id, status, reason}: a partner to a status, along the declared actions. */
export const PARTNER_UPDATE_STATUS = {
  method: 'PUT',
  path: `${PATH}/updateStatus`,
  permission: 'partner:updateStatus',
} as const satisfies DeclaredContract;

export const PARTNER = defineResource({
  name: 'partner',
  title: '商户',
  path: PATH,
  permActions: { updateStatus: '修改状态' },
  component: 'yy/partner/YyPartnerList',
  category: '商户档案',
  english: 'partner',
  keywords: ['商户档案', '加盟商', 'merchant', 'franchise'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: { title: '商户列表', sheetName: '商户', filename: '商户档案.xlsx', asciiFilename: 'partners.xlsx' },
  notFound: PARTNER_MSG.notFound,
  commands: { addPositional: ['name'] },
  page: { actionsWidth: 200 },
  fields: [
    {
      key: 'name',
      title: '商户名称',
      type: 'string',
      required: true,
      max: 100,
      unique: PARTNER_MSG.nameTaken,
      search: true,
      filter: true,
      list: { width: 180 },
    },
    {
      key: 'partnerType',
      title: '类型',
      type: 'enum',
      options: PARTNER_TYPES,
      required: true,
      search: true,
      list: { width: 80 },
    },
    { key: 'contact', title: '联系人', type: 'string', required: true, max: 50, list: { width: 100 } },
    {
      key: 'mobile',
      title: '手机号',
      type: 'string',
      required: true,
      rule: FORM_RULES.mobile,
      filter: true,
      list: { width: 130 },
    },
    { key: 'area', title: '所在地区', type: 'area', required: true, search: true, list: { width: 200 } },
    { key: 'address', title: '详细地址', type: 'string', max: 255, list: false, terminal: false },
    { key: 'licence', title: '营业执照', type: 'image', upload: { area: 'partner' }, list: { width: 90 } },
    { key: 'bankName', title: '开户银行', type: 'string', max: 100, list: false },
    {
      key: 'bankAccount',
      title: '结算账号',
      type: 'string',
      rule: FORM_RULES.bankCard,
      list: false,
      terminal: false,
    },
    { key: 'accountName', title: '开户名', type: 'string', max: 50, list: false, terminal: false },
    { key: 'shareRatio', title: '分成比例', type: 'percent', required: true, list: { width: 100 } },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: PARTNER_STATUSES,
      system: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'statusReason',
      title: '状态说明',
      type: 'string',
      system: true,
      list: { width: 160 },
      terminal: false,
    },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: false, terminal: false },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 170 } } }),
  ],
  // review passes or rejects, a rejected partner is resubmitted, an active one is stopped and restarted
  states: {
    field: 'status',
    transitions: {
      approve: { title: '审核通过', from: [pending], to: active, perm, reason: 'optional' },
      reject: { title: '驳回', from: [pending], to: rejected, perm, reason: 'required' },
      resubmit: { title: '重新提交', from: [rejected], to: pending, perm, reason: 'optional' },
      // its technicians go offline and its unaccepted orders go back to dispatch (server half):
      // the confirmation asks with the counts the dry run answers
      disable: {
        title: '停用',
        from: [active],
        to: disabled,
        perm,
        reason: 'required',
        preview: true,
        confirm: 'preview',
      },
      enable: { title: '启用', from: [disabled], to: active, perm, reason: 'optional' },
    },
    setters: [
      {
        endpoint: PARTNER_UPDATE_STATUS,
        done: (_n, to) => PARTNER_MSG.statusChanged(to),
        invalid: PARTNER_MSG.statusInvalid,
        required: PARTNER_MSG.statusRequired,
        noIds: PARTNER_MSG.notFound,
      },
    ],
  },
});

/** GET …/partnerList: the active partners (正常), id and name, for pickers. */
export const PARTNER_PICKER = {
  method: 'GET',
  path: `${PARTNER.decl.path}/partnerList`,
  permission: PARTNER.perms.list,
} as const satisfies DeclaredContract;

/** GET …/statusLog?id=: a partner's status changes, newest first. */
export const PARTNER_STATUS_LOG = {
  method: 'GET',
  path: `${PARTNER.decl.path}/statusLog`,
  permission: PARTNER.perms.list,
} as const satisfies DeclaredContract;

/**
 * What updateStatus checks before anything is written, from the declared actions: the message of
 * a refused change, or null.
 */
export function statusChangeError(from: string, to: string, reason: string | undefined): string | null {
  if (!PARTNER_STATUSES.some((s) => s.value === to)) return PARTNER_MSG.statusInvalid;
  if (from === to) return PARTNER_MSG.unchanged(to);
  const found = transitionBetween(PARTNER.decl.states, from, to);
  if (!found) return PARTNER_MSG.transition(from, to);
  return transitionRefusal(PARTNER.decl.title, statusText, found[1], {}, from, reason) ?? null;
}

/** The body of updateStatus: the partner, the status wanted (code or text) and the reason. */
export const partnerStatusBody = z.object({
  id: z.string({ error: PARTNER_MSG.notFound }).trim().min(1, PARTNER_MSG.notFound).describe('商户id'),
  status: z
    .string({ error: PARTNER_MSG.statusRequired })
    .trim()
    .min(1, PARTNER_MSG.statusRequired)
    .transform((v, ctx) => {
      const status = partnerStatusOf(v);
      if (!status) ctx.addIssue({ code: 'custom', message: PARTNER_MSG.statusInvalid });
      return status ?? v;
    })
    .describe('状态：待审核、正常、已驳回、停用（或 0 1 2 3）'),
  reason: z
    .string()
    .trim()
    .max(255, PARTNER_MSG.reasonTooLong)
    .optional()
    .describe('原因（驳回、停用时必填）'),
});

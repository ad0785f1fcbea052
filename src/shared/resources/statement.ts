/**
 * 对账单 (yy_statement): per technician and per partner, per local month or ISO week, the ledger
 * entries of the account in the period (read from the ledger by the horizon the statement records,
 * adjustments as rows of `yy_statement_line`). Generated as 草稿 (regenerated at
 * will, with identical lines when nothing changed), then 确认 (locked: the database refuses any
 * change of its lines and totals), then 结算 (payment reference and time). 重新打开 takes a
 * confirmed statement back to 草稿 with a reason and its own permission. Ledger entries of a
 * locked period posted later land in the next generated period as adjustment lines.
 */
import type { DeclaredContract } from '../contracts.ts';
import {
  STATEMENT_ACCOUNTS,
  STATEMENT_PERIOD_TYPES,
  STATEMENT_STATUS as S,
  STATEMENT_STATUSES,
} from '../money/statement.ts';
import { LEDGER_KINDS } from '../money/ledger.ts';
import { auditFields, defineResource } from './define.ts';

export * from '../money/statement.ts';

const PATH = '/yy/yyStatement';

/**
 * 对账单明细 (view yy_statement_entry): every line of every statement — its own period's entries
 * read by its horizon and its adjustment lines. Read and exported only, with the statement's
 * codes; shown as the 明细 tab of a statement's 详细信息 and exported with a 合计 row.
 */
export const STATEMENT_LINE = defineResource({
  name: 'statementLine',
  title: '对账单明细',
  path: '/yy/yyStatementLine',
  view: true,
  operations: ['list', 'export'],
  permDomain: 'statement',
  category: '对账单',
  english: 'statement line',
  keywords: ['对账单明细', '明细', 'statement line'],
  defaultSort: { field: 'createTime', order: 'asc' },
  sheet: {
    title: '对账单明细',
    sheetName: '对账单明细',
    filename: '对账单明细.xlsx',
    asciiFilename: 'statement-lines.xlsx',
    totals: ['amount'],
  },
  notFound: '对账单明细不存在',
  commands: { plural: 'statement lines' },
  fields: [
    { key: 'createTime', title: '记账时间', type: 'datetime', list: { width: 160 } },
    {
      key: 'statementId',
      title: '对账单id',
      type: 'string',
      filter: true,
      list: false,
      terminal: false,
    },
    { key: 'entryId', title: '流水id', type: 'string', list: false, terminal: false },
    { key: 'kind', title: '类型', type: 'enum', options: LEDGER_KINDS, search: true, list: { width: 100 } },
    { key: 'orderNo', title: '订单号', type: 'string', filter: true, search: true, list: { width: 170 } },
    { key: 'amount', title: '金额(元)', type: 'money', list: { width: 110 } },
    { key: 'adjustment', title: '调整', type: 'boolean', list: { width: 70 } },
    { key: 'memo', title: '摘要', type: 'string', list: { width: 220 } },
    { key: 'partnerId', title: '商户id', type: 'string', list: false, terminal: false },
  ],
});

export const STATEMENT = defineResource({
  name: 'statement',
  title: '对账单',
  path: PATH,
  operations: ['list', 'edit', 'delete', 'export'],
  permActions: { generate: '生成对账单' },
  // only a draft may be edited: the derived example's first row may be confirmed
  commands: { examples: { edit: ['statement list --status 草稿 | head 1 | statement edit --remark 示例'] } },
  component: 'yy/statement/YyStatementList',
  category: '对账单',
  english: 'statement',
  keywords: ['对账单', '对账', '结算', '账单', 'duizhangdan', 'statement'],
  defaultSort: { field: 'periodStart', order: 'desc' },
  sheet: {
    title: '对账单',
    sheetName: '对账单',
    filename: '对账单.xlsx',
    asciiFilename: 'statements.xlsx',
    totals: ['periodAmount', 'adjustmentAmount', 'totalAmount'],
  },
  notFound: '对账单不存在',
  details: [{ key: 'lines', title: '明细', resource: STATEMENT_LINE, parentKey: 'statementId' }],
  fields: [
    {
      key: 'period',
      title: '期间',
      type: 'string',
      system: true,
      search: true,
      filter: true,
      list: { width: 90 },
    },
    {
      key: 'periodType',
      title: '周期',
      type: 'enum',
      options: STATEMENT_PERIOD_TYPES,
      system: true,
      search: true,
      list: { width: 70 },
    },
    {
      key: 'account',
      title: '对象',
      type: 'enum',
      options: STATEMENT_ACCOUNTS,
      system: true,
      search: true,
      list: { width: 70 },
    },
    { key: 'accountName', title: '户名', type: 'string', computed: true, list: { width: 130 } },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: STATEMENT_STATUSES,
      system: true,
      search: true,
      list: { width: 80 },
    },
    { key: 'lineCount', title: '明细数', type: 'int', system: true, list: { width: 80 } },
    { key: 'orderCount', title: '订单数', type: 'int', system: true, list: { width: 80 } },
    { key: 'periodAmount', title: '本期金额(元)', type: 'money', system: true, list: { width: 120 } },
    { key: 'adjustmentAmount', title: '调整金额(元)', type: 'money', system: true, list: { width: 120 } },
    { key: 'totalAmount', title: '应结金额(元)', type: 'money', system: true, list: { width: 120 } },
    { key: 'generateTime', title: '生成时间', type: 'datetime', system: true, list: { width: 160 } },
    { key: 'confirmTime', title: '确认时间', type: 'datetime', system: true, list: false },
    { key: 'payRef', title: '付款凭证号', type: 'string', system: true, list: { width: 140 } },
    { key: 'payTime', title: '付款时间', type: 'datetime', system: true, list: { width: 160 } },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: { width: 160 } },
    { key: 'periodStart', title: '开始日期', type: 'date', system: true, list: false },
    { key: 'periodEnd', title: '结束日期(不含)', type: 'date', system: true, list: false },
    {
      key: 'accountId',
      title: '账户id',
      type: 'string',
      system: true,
      filter: true,
      list: false,
      terminal: false,
    },
    { key: 'partnerId', title: '商户id', type: 'string', system: true, list: false, terminal: false },
    ...auditFields(),
  ],
  states: {
    field: 'status',
    label: 'period',
    transitions: {
      confirm: { title: '确认', from: [S.draft], to: S.confirmed, english: 'confirm' },
      settle: {
        title: '结算',
        from: [S.confirmed],
        to: S.settled,
        params: [{ key: 'ref', title: '付款凭证号', type: 'string', required: '请输入付款凭证号', max: 64 }],
      },
      reopen: { title: '重新打开', from: [S.confirmed], to: S.draft, reason: 'required' },
    },
  },
});

/** POST …/generate {period | month | week, dryRun?}: the period's statements (drafts regenerated). */
export const STATEMENT_GENERATE = {
  method: 'POST',
  path: `${PATH}/generate`,
  permission: STATEMENT.perms.generate,
} as const satisfies DeclaredContract;

/** What generate answers. */
export interface StatementGenerated {
  period: string;
  dryRun: boolean;
  /** statements (re)written as drafts */
  statements: number;
  lines: number;
  /** lines carried from earlier locked periods */
  adjustments: number;
  /** statements of the period left as they were (confirmed or settled) */
  locked: number;
  total: string;
}

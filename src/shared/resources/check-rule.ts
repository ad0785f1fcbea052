/**
 * 编码校验规则 (sys_check_rule, jeecg-api.md §6.13): named rules forms check a code against
 * (`/sys/checkRule/checkByCode`), each an ordered list of `{digits, pattern, message}` parts.
 */
import { endpoint } from '../contracts.ts';
import { AUTHENTICATED } from '../permission-codes.ts';
import { auditFields, defineResource } from './define.ts';

export const CHECK_RULE = defineResource({
  name: 'checkRule',
  title: '编码校验规则',
  path: '/sys/checkRule',
  operations: ['list', 'add', 'edit', 'delete', 'export', 'import'],
  component: 'system/SysCheckRuleList',
  category: '编码校验规则',
  english: 'check rule',
  keywords: ['校验规则', '编码规则'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '编码校验规则',
    sheetName: '编码校验规则',
    filename: '编码校验规则.xlsx',
    asciiFilename: 'check-rules.xlsx',
  },
  commands: {
    plural: 'check rules',
    addPositional: ['ruleCode', 'ruleName', 'ruleJson'],
    // its rule JSON has a shape of its own
    examples: {
      add: [
        `checkRule add demo_rule 示例规则 '[{"digits":"1","pattern":"^[a-z]$","message":"首位须为小写字母"}]'`,
      ],
    },
  },
  fields: [
    {
      key: 'ruleName',
      title: '规则名称',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      filter: true,
      list: { width: 180 },
    },
    {
      key: 'ruleCode',
      title: '规则编码',
      type: 'string',
      required: true,
      max: 100,
      rule: { pattern: /^[A-Za-z0-9_-]+$/, message: '规则编码只允许字母、数字、下划线和中划线' },
      unique: '规则编码已存在',
      fixedOnEdit: true,
      search: true,
      filter: true,
      list: { width: 160 },
    },
    {
      key: 'ruleJson',
      title: '规则JSON',
      type: 'text',
      required: true,
      max: 4000,
      list: { width: 320 },
      help: '规则JSON：[{"digits":"2","pattern":"^[A-Z]+$","message":"前两位须为大写字母"}]，digits 为位数或 *',
    },
    { key: 'ruleDescription', title: '规则描述', type: 'string', max: 200, list: { width: 200 } },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

/** Check a value against a rule by its code: passes, or the failing part's message (spec §5: empty passes). */
export const CHECK_RULE_CHECK = endpoint('GET', `${CHECK_RULE.decl.path}/checkByCode`, AUTHENTICATED);

import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { RULE_CONDITION_TEXT, type DataRuleJson, type RuleCondition } from '../../src/shared/data-rule.ts';
import type { CommandContext, TableColumn } from '../core/types.ts';

/** The data rules of a menu (GET /sys/permission/getPermRuleListByPermId). */
export const menuRules = (ctx: CommandContext, permissionId: string) =>
  invoke<DataRuleJson[]>(ctx.api, ENDPOINTS.dataRule.listByPermission, { permissionId });

/** The rule of a menu named by id or (unique) name. */
export function findRule(rules: DataRuleJson[], word: string): DataRuleJson {
  const hits = rules.filter((r) => r.id === word || r.ruleName === word);
  if (hits.length === 0) throw new Error(`数据规则不存在: ${word}`);
  if (hits.length > 1) throw new Error(`数据规则“${word}”不唯一，请用id`);
  return hits[0]!;
}

export const RULE_COLUMNS: TableColumn[] = [
  { key: 'ruleName', title: '规则名称' },
  { key: 'ruleColumn', title: '规则字段' },
  { key: 'condition', title: '条件' },
  { key: 'ruleValue', title: '规则值' },
  { key: 'status', title: '状态' },
  { key: 'id', title: 'id' },
];

/** A rule as a row of the terminal's table. */
export const ruleRow = (r: DataRuleJson) => ({
  id: r.id,
  ruleName: r.ruleName,
  ruleColumn: r.ruleColumn ?? '',
  condition: `${r.ruleConditions}（${RULE_CONDITION_TEXT[r.ruleConditions as RuleCondition] ?? '不支持'}）`,
  ruleValue: r.ruleValue,
  status: r.status === '1' ? '有效' : '无效',
});

/**
 * Data rules of a menu (sys_permission_data_rule, jeecg-api.md §4.4): the body of add/edit, the
 * conditions, the system variables and the messages. The server applies a user's rules to the list
 * and export of the resource behind the menu as bound conditions on that resource's fields; the
 * raw-SQL rule type of JeecgBoot (`USE_SQL_RULES`) is refused and never executed.
 */
import { z } from 'zod';

/** JeecgBoot's raw-SQL rule type: refused on write, never executed. */
export const SQL_RULE = 'USE_SQL_RULES';

/** The conditions a rule may use (dict `rule_conditions`, without the raw-SQL type). */
export const RULE_CONDITIONS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
  'IN',
] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

/** Chinese names of the conditions (dict `rule_conditions`). */
export const RULE_CONDITION_TEXT: Record<RuleCondition, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  LIKE: '模糊',
  LEFT_LIKE: '左模糊',
  RIGHT_LIKE: '右模糊',
  IN: '包含',
};

/**
 * The system variables a rule value may hold (`#{name}`, JeecgBoot's snake and camel spellings),
 * by what they stand for.
 */
export const SYSTEM_VARIABLES = {
  /** the signed-in user's account (username) */
  userCode: ['sys_user_code', 'sysUserCode'],
  /** the signed-in user's real name */
  userName: ['sys_user_name', 'sysUserName'],
  /** the signed-in user's current department code */
  orgCode: ['sys_org_code', 'sysOrgCode'],
  /** the org codes of all the user's departments (comma list, for IN) */
  multiOrgCode: ['sys_multi_org_code', 'sysMultiOrgCode'],
  /** today, YYYY-MM-DD (application time zone) */
  date: ['sys_date', 'sysDate'],
  /** now, YYYY-MM-DD HH:mm:ss (application time zone) */
  time: ['sys_time', 'sysTime'],
} as const;
export type SystemVariable = keyof typeof SYSTEM_VARIABLES;

/** Variable spelling → what it stands for. */
export const VARIABLE_OF: ReadonlyMap<string, SystemVariable> = new Map(
  (Object.entries(SYSTEM_VARIABLES) as Array<[SystemVariable, readonly string[]]>).flatMap(([k, names]) =>
    names.map((n) => [n, k] as const),
  ),
);

/** Every `#{…}` placeholder of a value. */
export const PLACEHOLDER = /#\{([^}]*)\}/g;

/** The placeholders of a value that are no system variable. */
export const unknownVariables = (value: string): string[] =>
  [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !VARIABLE_OF.has(name.trim()));

/** A rule column: an identifier (a field of the resource, camelCase or snake_case). */
export const RULE_COLUMN_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

/** `create_by` → `createBy` (JeecgBoot converts between the entity property and the column). */
export const camelColumn = (c: string) => c.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

export const DATA_RULE_MSG = {
  added: '添加成功！',
  edited: '更新成功！',
  deleted: '删除成功！',
  saved: '保存成功!',
  notFound: '未找到数据规则',
  menuMissing: '未找到菜单信息',
  nameRequired: '请输入规则名称!',
  columnRequired: '请输入规则字段!',
  conditionRequired: '请选择条件!',
  valueRequired: '请输入规则值!',
  sqlRefused: '不支持自定义SQL表达式规则（USE_SQL_RULES），请选择其他条件',
  conditionInvalid: '条件无效',
  columnInvalid: '规则字段只允许字母、数字和下划线，且不能以数字开头',
  columnNotField: (column: string, title: string) => `规则字段“${column}”不是“${title}”的字段`,
  /** a rule on a menu whose page lists nothing rules could narrow (it would never apply) */
  noList: (menu: string) => `菜单“${menu}”没有可应用数据规则的列表`,
  unknownVariable: (name: string) => `未知的系统变量：#{${name}}`,
  /** GET /sys/role/datarule/{permissionId}/{roleId} of a menu without rules */
  noRules: '未找到权限配置信息',
  /** POST /sys/role/datarule (and /sys/sysDepartRole/datarule) for a menu the role is not granted */
  grantFirst: '请先保存角色菜单权限!',
  /** POST /sys/sysDepartPermission/datarule for a menu the department is not granted */
  departGrantFirst: '请先保存部门菜单权限!',
  /** a department role is given only rules its department holds on the menu */
  outsideDepart: '所选数据规则不在该部门的数据规则范围内',
  foreignRule: '所选数据规则不属于该菜单',
  /** the grant limit: nobody hands out a menu they do not hold, nor looser rules than bind them */
  menuNotHeld: '不能授予您自己没有的权限',
  looser: (names: string[]) => `不能放宽约束您自己的数据规则：${names.join('，')}`,
} as const;

const trimmed = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v),
    z.string(message).min(1, message).max(max),
  );

/** The body of addPermissionRule / editPermissionRule. */
export const dataRuleBodySchema = z
  .object({
    id: z.string().max(32).optional(),
    permissionId: trimmed(DATA_RULE_MSG.menuMissing, 32),
    ruleName: trimmed(DATA_RULE_MSG.nameRequired, 50),
    ruleConditions: trimmed(DATA_RULE_MSG.conditionRequired, 50),
    ruleColumn: trimmed(DATA_RULE_MSG.columnRequired, 50).optional(),
    ruleValue: trimmed(DATA_RULE_MSG.valueRequired, 300),
    status: z.enum(['0', '1'], '状态无效').default('1'),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (b.ruleConditions === SQL_RULE) return issue(DATA_RULE_MSG.sqlRefused, 'ruleConditions');
    if (!(RULE_CONDITIONS as readonly string[]).includes(b.ruleConditions))
      return issue(DATA_RULE_MSG.conditionInvalid, 'ruleConditions');
    if (!b.ruleColumn) return issue(DATA_RULE_MSG.columnRequired, 'ruleColumn');
    if (!RULE_COLUMN_PATTERN.test(b.ruleColumn)) return issue(DATA_RULE_MSG.columnInvalid, 'ruleColumn');
    const unknown = unknownVariables(b.ruleValue);
    if (unknown.length) issue(DATA_RULE_MSG.unknownVariable(unknown[0]!), 'ruleValue');
  });
export type DataRuleBody = z.infer<typeof dataRuleBodySchema>;

/** A rule as the server sends it (SysPermissionDataRule). */
export interface DataRuleJson {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/**
 * GET /sys/role/datarule/{permissionId}/{roleId} (and the department and department-role forms):
 * the rules offered on the menu and the ids the holder holds.
 */
export interface RoleDataRules {
  datarule: DataRuleJson[];
  drChecked?: string;
}

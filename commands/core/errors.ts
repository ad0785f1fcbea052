import { MSG } from '../../src/shared/api.ts';
import type { AuditEntry } from './types.ts';

/** How an execution ended, as recorded in the audit entry. */
export type CommandOutcome = AuditEntry['outcome'];

/**
 * The one error type that leaves the command layer. `message` is user-facing (Simplified Chinese);
 * `outcome` tells callers (and the audit log) whether it was a refusal, a cancellation or a failure.
 */
export class CommandError extends Error {
  override readonly name = 'CommandError';
  readonly outcome: CommandOutcome;

  constructor(message: string, outcome: CommandOutcome = 'error', options?: { cause?: unknown }) {
    super(message, options);
    this.outcome = outcome;
  }
}

/** Messages shown to the person (spec wording where the spec gives one). */
export const COMMAND_MSG = {
  unknown: (id: string) => `未知命令: ${id}`,
  denied: MSG.noAuth,
  unavailable: '当前不可用',
  /** a command opening a widget of the console page, run where there is none (tests, headless) */
  needsPage: '该命令需要在页面中运行',
  cancelled: '已取消',
  confirm: (title: string) => `确定执行「${title}」吗?`,
  unknownFlag: (flag: string) => `未知参数: ${flag}`,
  missingArg: (name: string) => `缺少参数: ${name}`,
  extraArg: (value: string) => `多余的参数: ${value}`,
  flagNeedsValue: (flag: string) => `参数 ${flag} 需要一个值`,
  notANumber: (flag: string, value: string) => `参数 ${flag} 应为数字: ${value}`,
  notABoolean: (flag: string, value: string) => `参数 ${flag} 应为 true 或 false: ${value}`,
  notInEnum: (flag: string, values: string[]) => `参数 ${flag} 的可选值: ${values.join(', ')}`,
  noDryRun: '该命令不支持 --dry-run',
  unclosedQuote: '语法错误: 引号未闭合',
  emptyCommand: (near: string) => `语法错误: ${near} 附近缺少命令`,
  undefinedVar: (name: string) => `未定义的变量: $${name}`,
  badAssignment: (word: string) => `语法错误: ${word}（应为 name=value）`,
} as const;

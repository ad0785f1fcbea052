/**
 * Validation rules of spec §5, kept once: the server validates request bodies with them, the client
 * builds form rules from them, and grid cells reuse the pattern shortcuts.
 */

import { residentIdProblem } from './resident-id.ts';

/** A single field rule: a pattern and the exact message to show when it fails. */
export interface PatternRule {
  pattern: RegExp;
  message: string;
  /**
   * a check beyond the pattern (a check digit, a date inside the text) of a value matching it:
   * the message of what is wrong, or undefined
   */
  check?(value: string): string | undefined;
}

/** Why a value breaks a rule (the pattern's message, then the check's), or undefined. */
export const ruleProblem = (rule: PatternRule, value: string): string | undefined =>
  rule.pattern.test(value) ? rule.check?.(value) : rule.message;

/** Form rules of spec §5 ("Form rules"), with their exact messages. */
export const FORM_RULES = {
  mobile: { pattern: /^1[34578]\d{9}$/, message: '请输入正确手机号' },
  userNameChars: { pattern: /^[a-zA-Z0-9_]+$/, message: '只允许字母、数字、下划线' },
  /** the spec's quirk: the length is 4–18 but the message says 6 to 18 */
  userNameLength: { pattern: /^.{4,18}$/u, message: '用户名长度必须在6到18个字符之间' },
  email: {
    pattern:
      /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/,
    message: '邮箱格式不正确',
  },
  naturalNumber: { pattern: /^(0|[1-9]\d*)$/, message: '请输入自然数' },
  english: { pattern: /^[a-zA-Z]+$/, message: '请输入英文字符' },
  landline: { pattern: /^(\d{3,4}-)?\d{7,8}(-\d{1,6})?$/, message: '请输入正确的座机号' },
  bankCard: { pattern: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' },
  idNumber: { pattern: /^[a-zA-Z0-9]{1,50}$/, message: '请输入正确的证件号码' },
  /** GB 11643: a real date of birth and, for 18 characters, the MOD 11-2 check digit */
  idCard: { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: '请输入正确的身份证号码', check: residentIdProblem },
  qq: { pattern: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' },
  httpUrl: { pattern: /^https?:\/\/\S+$/, message: '请输入以http和https开头的网址' },
  alnum20: { pattern: /^[a-zA-Z0-9]{1,20}$/, message: '请输入20位以内的英文字符和数字' },
  zhEnSpace: { pattern: /^[\u4e00-\u9fa5a-zA-Z ]{2,100}$/, message: '请输入2到100位的中英文字符和空格' },
  digitsAndNewlines: { pattern: /^[\d\n]+$/, message: '请输入数字和换行符' },
  text255: { pattern: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' },
} as const satisfies Record<string, PatternRule>;

/** Messages of spec §5 for required fields and rule builders. */
export const RULE_MESSAGES = {
  mobileRequired: '请输入手机号码',
  userNameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  realnameRequired: '请输入用户名称',
  oldPasswordRequired: '请输入旧密码!',
  newPasswordRequired: '请输入新密码!',
  confirmPasswordRequired: '请确认新密码!',
  passwordMismatch: '两次输入的密码不一样！',
  minLength: (n: number) => `最小长度${n}位字符`,
  maxLength: (n: number) => `最大长度${n}位字符`,
  minSelect: (n: number) => `最少选择${n}项`,
  maxSelect: (n: number) => `最多选择${n}项`,
} as const;

/** Predefined patterns of spec §5 ("Predefined patterns"), keyed by the grid shortcut names. */
export const PATTERN_SHORTCUTS = {
  '*': { pattern: /\S+/, message: '该字段不能为空' },
  'n6-16': { pattern: /^\d{6,16}$/, message: '请输入6-16位的数字' },
  '*6-16': { pattern: /^.{6,16}$/su, message: '请输入6-16位任意字符' },
  's6-18': { pattern: /^[a-zA-Z]{6,18}$/, message: '请输入6-18位字母' },
  url: { pattern: /^(?:https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i, message: '请输入正确的网址' },
  e: { pattern: FORM_RULES.email.pattern, message: '请输入正确的电子邮件' },
  m: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  p: { pattern: /^\d{6}$/, message: '请输入正确的邮政编码' },
  s: { pattern: /^[a-zA-Z]+$/, message: '请输入字母' },
  n: { pattern: /^-?\d+(\.\d+)?$/, message: '请输入数字' },
  z: { pattern: /^-?\d+$/, message: '请输入整数' },
  money: { pattern: /^(([1-9]\d*)|\d)(\.\d{1,2})?$/, message: '请输入正确的金额' },
} as const satisfies Record<string, PatternRule>;

/** Test a value against a rule; empty values pass (required-ness is a separate rule). */
export function passes(rule: PatternRule, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  return ruleProblem(rule, value) === undefined;
}

/** A real calendar date `YYYY-MM-DD` (rejects 2024-02-30, 2024-13-01). */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A real `YYYY-MM-DD HH:mm[:ss]` (a `T` separator is accepted). */
export function isRealDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  return !!m && isRealDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60;
}

/** Text PostgreSQL can store: no NUL characters. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * Text every surface carries unchanged: no control characters but tab and line feed. A sheet (XML)
 * cannot hold the others, and reads a carriage return back as a line feed, so a value holding one
 * would not come back from its own export; nobody types them into a field.
 */
export const hasNoControlChars = (value: string): boolean =>
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u0008\u000B-\u001F\u007F]/.test(value);

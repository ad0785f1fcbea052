/**
 * 编码校验规则 (jeecg-api.md §6.13): a rule is an ordered list of `{digits, pattern, message}`;
 * `digits` N checks the next N characters (the cursor advances), `*` checks the whole value. A
 * pattern must match all the characters it checks. Used by the server's checkByCode and the form.
 */
import { z } from 'zod';

export const CHECK_RULE_MSG = {
  unknown: '该编码不存在',
  json: '规则JSON格式不正确：需要 [{"digits":"1","pattern":"^[a-z]$","message":"…"}] 形式的数组',
  digits: (i: number) => `第${i}条规则的位数需为正整数或 *`,
  pattern: (i: number) => `第${i}条规则的正则表达式无效`,
  message: (i: number) => `第${i}条规则缺少提示信息`,
  tooLong: '校验值过长',
} as const;

/** Longest pattern a rule may hold, and longest value checked. */
export const CHECK_RULE_LIMITS = { pattern: 200, value: 500, rules: 50 } as const;

export interface CheckRulePart {
  digits: string;
  pattern: string;
  message: string;
}

const partSchema = z.object({
  digits: z.union([z.string(), z.number()]).transform(String),
  pattern: z.string(),
  message: z.string(),
});

/** The parts of a rule's JSON, or a message saying what is wrong with it. */
export function parseCheckRule(
  json: string,
): { ok: true; parts: CheckRulePart[] } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: CHECK_RULE_MSG.json };
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > CHECK_RULE_LIMITS.rules)
    return { ok: false, message: CHECK_RULE_MSG.json };
  const parts: CheckRulePart[] = [];
  for (const [i, item] of raw.entries()) {
    const p = partSchema.safeParse(item);
    if (!p.success) return { ok: false, message: CHECK_RULE_MSG.json };
    const { digits, pattern, message } = p.data;
    if (digits !== '*' && !/^[1-9]\d{0,2}$/.test(digits))
      return { ok: false, message: CHECK_RULE_MSG.digits(i + 1) };
    if (!message.trim()) return { ok: false, message: CHECK_RULE_MSG.message(i + 1) };
    if (!pattern || pattern.length > CHECK_RULE_LIMITS.pattern || !compiles(pattern))
      return { ok: false, message: CHECK_RULE_MSG.pattern(i + 1) };
    parts.push({ digits, pattern, message });
  }
  return { ok: true, parts };
}

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

/** A failed check: the part that refused the value and where. */
export interface CheckRuleFailure {
  digits: string;
  pattern: string;
  message: string;
  beginIndex: number;
  endIndex: number;
  checkValue: string;
  passed: false;
}

/** Check a value; null when every part passes. An empty value passes (spec §5). */
export function checkRuleValue(parts: readonly CheckRulePart[], value: string): CheckRuleFailure | null {
  if (value === '') return null;
  const chars = [...value];
  let cursor = 0;
  for (const part of parts) {
    const whole = part.digits === '*';
    const begin = whole ? 0 : cursor;
    const end = whole ? chars.length : Math.min(chars.length, cursor + Number(part.digits));
    const checkValue = chars.slice(begin, end).join('');
    if (!whole) cursor = end;
    // a pattern matches the whole checked text, as Java's Pattern.matches
    if (!new RegExp(`^(?:${part.pattern})$`, 'u').test(checkValue))
      return { ...part, beginIndex: begin, endIndex: end, checkValue, passed: false };
  }
  return null;
}

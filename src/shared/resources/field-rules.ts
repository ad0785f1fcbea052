/**
 * The zod rules of a resource's fields, derived from their declared type, requiredness, length and
 * pattern: the add and edit schemas (define.ts) are built from them, so the form and the server
 * check the same rules with the same messages.
 */
import { z } from 'zod';
import { RULE_MESSAGES, hasNoNul, isRealDate, isRealDateTime } from '../validation.ts';
import type { ResourceField } from './define.ts';

/** Messages of the generated endpoints (JeecgBoot's generated controllers say the same). */
export const RESOURCE_MSG = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  illegalChars: '包含非法字符',
  invalid: (title: string) => `${title}取值无效`,
  required: (f: Pick<ResourceField, 'title' | 'type'>) =>
    `${f.type === 'dict' || f.type === 'enum' || f.type === 'boolean' ? '请选择' : '请输入'}${f.title}`,
} as const;

const requiredMessage = (f: ResourceField) =>
  typeof f.required === 'string' ? f.required : RESOURCE_MSG.required(f);

/** A blank value (absent, null, '' or only spaces) of an optional field is stored as null. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The zod rule of one writable field, from its type and rules. */
export function fieldSchema(f: ResourceField): z.ZodType {
  let base: z.ZodType;
  const text = () => {
    let s = z.string().trim();
    if (f.max) s = s.max(f.max, RULE_MESSAGES.maxLength(f.max));
    let out: z.ZodType<string> = s.refine(hasNoNul, RESOURCE_MSG.illegalChars);
    if (f.rule) out = out.refine((v) => f.rule!.pattern.test(v), f.rule.message);
    return out;
  };
  switch (f.type) {
    case 'string':
    case 'text':
      base = text();
      break;
    case 'dict':
    case 'enum': {
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      let s: z.ZodType<string> = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(z.string().max(f.max ?? 64, invalid));
      if (f.options) s = s.refine((v) => f.options!.some((o) => o.value === v), invalid);
      base = s;
      break;
    }
    case 'int':
    case 'number':
    case 'money': {
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      // money: integer fen or a decimal with at most two places, kept as text (never a float)
      const pattern = f.type === 'int' ? /^-?\d{1,9}$/ : /^-?\d{1,13}(\.\d{1,2})?$/;
      base = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => pattern.test(v), invalid)
        .refine((v) => !f.options || f.options.some((o) => Number(o.value) === Number(v)), invalid)
        .transform((v) => (f.type === 'int' ? Number(v) : v));
      break;
    }
    case 'boolean':
      base = z
        .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')])
        .transform((v) => v === true || v === 'true' || v === '1');
      break;
    case 'date':
      base = z.string().trim().refine(isRealDate, `${f.title}格式应为YYYY-MM-DD`);
      break;
    case 'datetime':
      base = z.string().trim().refine(isRealDateTime, `${f.title}格式应为YYYY-MM-DD HH:mm:ss`);
      break;
  }
  const required = f.required ? requiredMessage(f) : undefined;
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) {
        if (required === undefined) return null;
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const r = base.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? RESOURCE_MSG.invalid(f.title) });
      return z.NEVER;
    })
    .describe(f.help ?? f.title);
}

/**
 * An edit field: absent means "leave as it is" (JeecgBoot's updateById), while a value that is sent
 * obeys the add rules (a required field sent blank is refused, not cleared).
 */
export function sentOnly(rule: z.ZodType, f: ResourceField): z.ZodType {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const r = rule.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? RESOURCE_MSG.invalid(f.title) });
      return z.NEVER;
    })
    .describe(f.help ?? f.title);
}

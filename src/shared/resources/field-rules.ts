/**
 * The zod rules of a resource's fields, derived from their declared type, requiredness, length and
 * pattern: the add and edit schemas (define.ts) are built from them, so the form and the server
 * check the same rules with the same messages.
 */
import { z } from 'zod';
import {
  RULE_MESSAGES,
  hasNoControlChars,
  hasNoNul,
  isRealDate,
  isRealDateTime,
  ruleProblem,
} from '../validation.ts';
import { sanitizeHtml } from '../richtext.ts';
import { CRON_MSG, isQuartzCron } from '../cron.ts';
import type { ResourceField } from './define.ts';
import { issueMessage } from '../issue-message.ts';

/** Messages of the generated endpoints (JeecgBoot's generated controllers say the same). */
export const RESOURCE_MSG = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  /** a generated add or edit run as a dry run: every check of the save passed, then rolled back */
  dryRun: '演练通过：保存时的全部检查均已通过（未保存）',
  notFound: '未找到对应实体',
  illegalChars: '包含非法字符',
  invalid: (title: string) => `${title}取值无效`,
  /** an edit changing a field that is fixed once saved (`fixedOnEdit`) */
  fixed: (title: string) => `${title}不能修改`,
  /** a delete of a row another resource's `ref` field points at */
  inUse: (title: string, by: string) => `该${title}已被${by}引用，不能删除`,
  required: (f: Pick<ResourceField, 'title' | 'type'>) =>
    `${CHOSEN.includes(f.type) ? '请选择' : UPLOADED.includes(f.type) ? '请上传' : '请输入'}${f.title}`,
  percent: (title: string) => `${title}应为0到100之间的数，最多两位小数`,
  latitude: '纬度应在-90到90之间',
  longitude: '经度应在-180到180之间',
  location: (title: string) => `${title}格式应为“纬度,经度”`,
  tooMany: (title: string, max: number) => `${title}最多${max}张`,
} as const;

const CHOSEN: readonly ResourceField['type'][] = ['dict', 'enum', 'boolean', 'area', 'ref'];
const UPLOADED: readonly ResourceField['type'][] = ['image', 'images'];

/** Most pictures of an `images` field unless it says. */
export const DEFAULT_MAX_IMAGES = 9;

/**
 * A stored upload path: `<area>/<yyyymmdd>/<name>.<ext>` as POST /sys/common/upload stores it, or
 * the seed's `<area>/seed/<name>.<ext>` (the server also checks the path was stored).
 */
const STORED_PATH =
  /^[A-Za-z0-9_-]{1,40}(\/[A-Za-z0-9_-]{1,40}){0,3}\/(\d{8}|seed)\/[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;

/** Whether a value is a stored path of an image field's upload area. */
export const isUploadPath = (f: Pick<ResourceField, 'upload'>, path: string): boolean =>
  STORED_PATH.test(path) && path.startsWith(`${f.upload?.area ?? ''}/`);

/** A list value: an array, or text separated by commas. */
export const listOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map((x) => String(x ?? '')) : String(v).split(/[,，]/))
    .map((x) => x.trim())
    .filter(Boolean);

/** Coordinates within range, at most 8 decimals. */
const COORD = /^-?\d{1,3}(\.\d{1,8})?$/;

/** `"纬度,经度"`, `{lat,lng}`, `{latitude,longitude}` or `[lat,lng]` → numbers, or a message. */
export function parseLocation(v: unknown, title: string): { lat: number; lng: number } | string {
  let pair: unknown[];
  if (Array.isArray(v)) pair = v;
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    pair = [o.lat ?? o.latitude, o.lng ?? o.longitude];
  } else
    pair = String(v)
      .split(/[,，\s]+/)
      .filter(Boolean);
  const [lat, lng] = pair.map((x) => String(x ?? '').trim());
  if (pair.length !== 2 || !lat || !lng || !COORD.test(lat) || !COORD.test(lng))
    return RESOURCE_MSG.location(title);
  if (Math.abs(Number(lat)) > 90) return RESOURCE_MSG.latitude;
  if (Math.abs(Number(lng)) > 180) return RESOURCE_MSG.longitude;
  return { lat: Number(lat), lng: Number(lng) };
}

/** The wire text of a location (6 decimals, about 0.1 m). */
export const locationText = ({ lat, lng }: { lat: number; lng: number }): string =>
  `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`;

const requiredMessage = (f: ResourceField) =>
  typeof f.required === 'string' ? f.required : RESOURCE_MSG.required(f);

/** A blank value (absent, null, '' or only spaces) of an optional field is stored as null. */
const blank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** The zod rule of one writable field, from its type and rules. */
export function fieldSchema(f: ResourceField): z.ZodType {
  let base: z.ZodType;
  const text = () => {
    let s = z.string().trim();
    if (f.max) s = s.max(f.max, RULE_MESSAGES.maxLength(f.max));
    const out: z.ZodType<string> = s.refine(hasNoControlChars, RESOURCE_MSG.illegalChars);
    const rule = f.rule;
    if (!rule) return out;
    return out.superRefine((v, ctx) => {
      const problem = ruleProblem(rule, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
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
      // every accepted form (`T` separator, no seconds) is kept as `YYYY-MM-DD HH:mm:ss`
      base = z
        .string()
        .trim()
        .refine(isRealDateTime, `${f.title}格式应为YYYY-MM-DD HH:mm:ss`)
        .transform((v) => {
          const t = v.replace('T', ' ');
          return t.length === 16 ? `${t}:00` : t;
        });
      break;
    case 'percent':
      base = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, RESOURCE_MSG.percent(f.title));
      break;
    case 'location':
      base = z.unknown().transform((v, ctx) => {
        const parsed = parseLocation(v, f.title);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return locationText(parsed);
      });
      break;
    case 'richtext':
      base = z
        .string()
        .max(f.max ?? 20000, RULE_MESSAGES.maxLength(f.max ?? 20000))
        .refine(hasNoNul, RESOURCE_MSG.illegalChars)
        .transform(sanitizeHtml);
      break;
    case 'image':
      base = z
        .string()
        .trim()
        .refine((v) => isUploadPath(f, v), RESOURCE_MSG.invalid(f.title));
      break;
    case 'images': {
      const max = f.upload?.max ?? DEFAULT_MAX_IMAGES;
      base = z
        .union([z.string(), z.array(z.string())])
        .transform(listOf)
        .refine((list) => list.every((p) => isUploadPath(f, p)), RESOURCE_MSG.invalid(f.title))
        .refine((list) => list.length <= max, RESOURCE_MSG.tooMany(f.title, max))
        .transform((list) => list.join(','));
      break;
    }
    case 'area': {
      // codes or names (浙江省/杭州市/西湖区); the server resolves names and checks codes exist
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      const one = (v: string) => v.length <= 60 && hasNoNul(v);
      base = f.multiple
        ? z
            .union([z.string(), z.array(z.string())])
            .transform(listOf)
            .refine((list) => list.length > 0 && list.length <= 50 && list.every(one), invalid)
            .transform((list) => list.join(','))
        : z
            .union([z.string(), z.number()])
            .transform((v) => String(v).trim())
            .refine(one, invalid);
      break;
    }
    case 'user':
    case 'depart':
    case 'category': {
      // ids of rows the server resolves (and checks exist), or their names as a sheet shows them
      // (the server turns a name naming one row into its id); several only when `multiple`
      const invalid = f.invalidMessage ?? RESOURCE_MSG.invalid(f.title);
      base = z
        .union([z.string(), z.array(z.string())])
        .transform(listOf)
        .refine((ids) => ids.every((id) => id.length <= 100 && hasNoNul(id)), invalid)
        .refine((ids) => ids.length <= (f.multiple && f.type !== 'category' ? 500 : 1), invalid)
        .transform((ids) => [...new Set(ids)].join(','));
      break;
    }
    case 'cron':
      base = text()
        .refine(isQuartzCron, CRON_MSG.invalid)
        .transform((v) => v.replace(/\s+/g, ' '));
      break;
    case 'ref':
      base = z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine(
          (v) => v.length <= 64 && hasNoNul(v),
          f.reference?.invalidMessage ?? RESOURCE_MSG.invalid(f.title),
        );
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
      ctx.addIssue({
        code: 'custom',
        message: issueMessage(r.error.issues[0], RESOURCE_MSG.invalid(f.title)),
      });
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
      ctx.addIssue({
        code: 'custom',
        message: issueMessage(r.error.issues[0], RESOURCE_MSG.invalid(f.title)),
      });
      return z.NEVER;
    })
    .describe(f.help ?? f.title);
}

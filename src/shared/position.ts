/**
 * 职务 (sys_position) form rules, shared by the server (POST /sys/position/add, PUT /sys/position/edit)
 * and the client form. `postRank` takes a value of the dictionary `position_rank`; the server also
 * checks that the value exists there.
 */
import { z } from 'zod';
import { RULE_MESSAGES, hasNoNul } from './validation.ts';

/** Messages of the position form and endpoints. */
export const POSITION_MSG = {
  codeRequired: '请输入职务编码',
  codeChars: '职务编码只允许字母、数字、下划线和中划线',
  codeTaken: '职务编码已存在',
  nameRequired: '请输入职务名称',
  rankRequired: '请选择职级',
  rankInvalid: '职级取值无效',
  illegalChars: '包含非法字符',
  notFound: '未找到对应实体',
} as const;

/** Dictionary of the `postRank` values. */
export const POSITION_RANK_DICT = 'position_rank';

/** Codes are referenced from users' comma-separated `post`: letters, digits, `_` and `-` only. */
export const POSITION_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

const requiredText = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, POSITION_MSG.illegalChars);

const positionFields = {
  code: requiredText(POSITION_MSG.codeRequired, 100)
    .regex(POSITION_CODE_PATTERN, POSITION_MSG.codeChars)
    .describe('职务编码'),
  name: requiredText(POSITION_MSG.nameRequired, 100).describe('职务名称'),
  postRank: z
    .union([z.string(), z.number()], { error: POSITION_MSG.rankRequired })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, POSITION_MSG.rankRequired).max(2, POSITION_MSG.rankInvalid))
    .describe('职级（字典 position_rank）'),
  companyId: z
    .string()
    .trim()
    .max(255, RULE_MESSAGES.maxLength(255))
    .refine(hasNoNul, POSITION_MSG.illegalChars)
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('公司id'),
};

/** POST /sys/position/add. */
export const positionAddSchema = z.object(positionFields);

/** PUT|POST /sys/position/edit: the id plus the same fields. */
export const positionEditSchema = z.object({
  id: z.string({ error: POSITION_MSG.notFound }).trim().min(1, POSITION_MSG.notFound).describe('职务id'),
  ...positionFields,
});

export type PositionAddInput = z.infer<typeof positionAddSchema>;
export type PositionEditInput = z.infer<typeof positionEditSchema>;

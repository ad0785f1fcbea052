import { z } from 'zod';
import { issueMessage } from './issue-message.ts';
import {
  FORM_RULES,
  RULE_MESSAGES,
  hasNoNul,
  isRealDate,
  ruleProblem,
  type PatternRule,
} from './validation.ts';
import { MSG } from './api.ts';

/** Empty strings from forms mean "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, '包含非法字符')
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));

const optionalPattern = (rule: PatternRule, max: number) =>
  optionalText(max).superRefine((v, ctx) => {
    const problem = v == null ? undefined : ruleProblem(rule, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const usernameSchema = z
  .string({ error: RULE_MESSAGES.userNameRequired })
  .trim()
  .min(1, RULE_MESSAGES.userNameRequired)
  .regex(FORM_RULES.userNameChars.pattern, FORM_RULES.userNameChars.message)
  .regex(FORM_RULES.userNameLength.pattern, FORM_RULES.userNameLength.message)
  .describe('登录账号');

export const passwordSchema = z
  .string({ error: RULE_MESSAGES.passwordRequired })
  .min(1, RULE_MESSAGES.passwordRequired)
  .min(6, RULE_MESSAGES.minLength(6))
  .max(64, RULE_MESSAGES.maxLength(64))
  .describe('登录密码');

/** Comma-separated id list as JeecgBoot sends it ("a,b,"); parsed to a clean array. */
export const idListSchema = z
  .string()
  .nullish()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Fields shared by add and edit of a user (spec §5 form rules). */
const userFields = {
  realname: z
    .string({ error: RULE_MESSAGES.realnameRequired })
    .trim()
    .min(1, RULE_MESSAGES.realnameRequired)
    .max(100, RULE_MESSAGES.maxLength(100))
    .refine(hasNoNul, '包含非法字符')
    .describe('用户姓名'),
  sex: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '性别取值无效')
    .nullish()
    .catch(null)
    .describe('性别（1 男，2 女）'),
  birthday: optionalText(10)
    .refine((v) => v == null || isRealDate(v), '生日格式应为YYYY-MM-DD')
    .describe('生日'),
  email: optionalPattern(FORM_RULES.email, 45).describe('邮箱'),
  phone: optionalPattern(FORM_RULES.mobile, 45).describe('手机号码'),
  telephone: optionalPattern(FORM_RULES.landline, 45).describe('座机'),
  workNo: optionalText(100).describe('工号'),
  post: optionalText(100).describe('职务编码'),
  avatar: optionalText(255).describe('头像路径'),
  userIdentity: z.coerce
    .number({ error: '身份取值无效' })
    .refine((v) => v === 1 || v === 2, '身份取值无效')
    .nullish()
    .describe('身份（1 普通，2 上级）'),
  activitiSync: z.coerce
    .number({ error: '同步工作流取值无效' })
    .refine((v) => v === 0 || v === 1, '同步工作流取值无效')
    .nullish()
    .describe('同步工作流（1 同步，0 不同步）'),
  relTenantIds: optionalText(100).describe('租户（逗号分隔）'),
  partnerId: optionalText(32).describe('所属商户id（商户员工只看到本商户的技师和订单；空为平台员工）'),
  selectedroles: idListSchema.describe('角色id，逗号分隔'),
  selecteddeparts: idListSchema.describe('部门id，逗号分隔'),
};

const userAddObject = z.object({
  username: usernameSchema,
  password: passwordSchema,
  confirmpassword: z.string().nullish().describe('确认密码'),
  ...userFields,
});
const confirmationMatches: [
  (v: { password?: string; confirmpassword?: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => v.confirmpassword == null || v.confirmpassword === v.password,
  { message: RULE_MESSAGES.passwordMismatch, path: ['confirmpassword'] },
];

export const userAddSchema = userAddObject.refine(...confirmationMatches);

/**
 * A user row of an import sheet: the add form's rules, but 密码 may be blank. Such an account gets
 * no usable password (JeecgBoot gave it the published 123456).
 */
export const userImportSchema = userAddObject
  .extend({
    password: z.preprocess((v) => (v === '' || v == null ? undefined : v), passwordSchema.optional()),
  })
  .refine(...confirmationMatches);

export const userEditSchema = z.object({
  id: z.string({ error: '未找到对应实体' }).min(1, '未找到对应实体').describe('用户id'),
  ...userFields,
});

export type UserAddInput = z.infer<typeof userAddSchema>;
export type UserEditInput = z.infer<typeof userEditSchema>;

/** Admin password reset (PUT /sys/user/changePassword). */
export const changePasswordSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirmpassword: z
      .string({ error: RULE_MESSAGES.confirmPasswordRequired })
      .min(1, RULE_MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: RULE_MESSAGES.passwordMismatch,
    path: ['confirmpassword'],
  });

/** Own password change (PUT /sys/user/updatePassword): the spec's change-password dialog rules. */
export const updatePasswordSchema = z.object({
  username: z.string().optional(),
  oldpassword: z
    .string({ error: RULE_MESSAGES.oldPasswordRequired })
    .min(1, RULE_MESSAGES.oldPasswordRequired),
  password: z
    .string({ error: RULE_MESSAGES.newPasswordRequired })
    .min(1, RULE_MESSAGES.newPasswordRequired)
    .min(6, RULE_MESSAGES.minLength(6))
    .max(64, RULE_MESSAGES.maxLength(64)),
  confirmpassword: z
    .string({ error: RULE_MESSAGES.confirmPasswordRequired })
    .min(1, RULE_MESSAGES.confirmPasswordRequired),
});

/** User status values (dict user_status). */
export const USER_STATUS = { normal: 1, frozen: 2 } as const;

export const frozenBatchSchema = z.object({
  ids: idListSchema.refine((v) => v.length > 0, MSG.nothingSelected),
  status: z.coerce.number({ error: '状态取值无效' }).refine((v) => v === 1 || v === 2, '状态取值无效'),
});

/** First message of a failed zod parse, for Result.message. */
export function firstIssue(error: z.ZodError): string {
  return issueMessage(error.issues[0]);
}

/**
 * 账户设置: what a signed-in user may change of their own account (profile, phone and e-mail by a
 * code, sessions, preferences). The same schemas check the server's bodies, the commands'
 * arguments and the pages' forms.
 */
import { z } from 'zod';
import { FORM_RULES } from './validation.ts';
import { userEditSchema } from './user.ts';

/** The refusal of a body naming another account than the caller's. */
export const SELF_ONLY = '只允许修改自己的账户！';

/** Identity fields a client may echo back; when given they must name the caller. */
const identity = {
  id: z.string().optional().describe('用户id（只能是自己的）'),
  userId: z.string().optional().describe('用户id（只能是自己的）'),
  username: z.string().optional().describe('账号（只能是自己的）'),
};

/** Whether a body's identity fields (if any) all name this account. */
export function namesOnlySelf(
  body: { id?: string; userId?: string; username?: string },
  self: { id: string; username: string },
): boolean {
  return (
    (body.id === undefined || body.id === self.id) &&
    (body.userId === undefined || body.userId === self.id) &&
    (body.username === undefined || body.username === self.username)
  );
}

const fields = userEditSchema.shape;

/** 基本设置: one's own name, avatar, sex and birthday (phone and e-mail change by a code). */
export const profileEditSchema = z.object({
  ...identity,
  realname: fields.realname,
  avatar: fields.avatar,
  sex: fields.sex,
  birthday: fields.birthday,
});
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** The two contacts that change only with a code sent to the new address. */
export const CONTACT_KINDS = { phone: '手机号码', email: '邮箱' } as const;
export type ContactKind = keyof typeof CONTACT_KINDS;

const contactValue = z
  .string({ error: '请输入新的手机号码或邮箱' })
  .trim()
  .min(1, '请输入新的手机号码或邮箱');

/** Whether a value is well formed for its kind (the message when not). */
export function contactProblem(kind: ContactKind, value: string): string | undefined {
  const rule = kind === 'phone' ? FORM_RULES.mobile : FORM_RULES.email;
  if (value.length > 45) return kind === 'phone' ? FORM_RULES.mobile.message : FORM_RULES.email.message;
  return rule.pattern.test(value) ? undefined : rule.message;
}

const kind = z.enum(['phone', 'email'], { error: '只能修改手机号码或邮箱' }).describe('phone 或 email');

export const sendContactCodeSchema = z
  .object({
    ...identity,
    kind,
    value: contactValue.describe('新的手机号码或邮箱'),
    dryRun: z.boolean().optional().describe('只检查能否改为此值，不发送验证码'),
  })
  .superRefine((v, ctx) => {
    const problem = contactProblem(v.kind, v.value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
  });

export const changeContactSchema = z
  .object({
    ...identity,
    kind,
    value: contactValue.describe('新的手机号码或邮箱'),
    code: z
      .string({ error: '请输入验证码' })
      .trim()
      .regex(/^\d{6}$/, '请输入6位数字验证码')
      .describe('发到新手机号码或邮箱的验证码'),
  })
  .superRefine((v, ctx) => {
    const problem = contactProblem(v.kind, v.value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
  });

/** 安全设置: sign out some of one's own sessions (by their public ids), or all but this one. */
export const revokeSessionsSchema = z
  .object({
    ...identity,
    ids: z
      .array(z.string().regex(/^[0-9a-f]{32}$/, '会话id不正确'))
      .max(1000)
      .optional(),
    others: z.boolean().optional().describe('退出除当前以外的全部会话'),
  })
  .refine((v) => v.others === true || (v.ids?.length ?? 0) > 0, '请选择要退出的会话');

/** One of the caller's sessions as 安全设置 lists it (a public id, never the token). */
export interface OwnSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  device: string;
  loginTime: string | null;
  lastUsed: string | null;
  current: boolean;
}

/** One sign-in of the login log. */
export interface OwnLogin {
  time: string | null;
  ip: string | null;
  content: string | null;
}

/** A user agent in a few words (浏览器 · 系统), for people reading the session list. */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return '未知设备';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /HeadlessChrome|Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : /node|undici|ofetch|care-cli/i.test(ua)
            ? '命令行'
            : '其他浏览器';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

/** 个性化设置 kept on the server: the settings drawer's look, not the window's state. */
export const uiPrefsSchema = z
  .object({
    theme: z.enum(['light', 'dark']).describe('菜单风格：light 亮色，dark 暗色'),
    layout: z.enum(['sidemenu', 'topmenu']).describe('导航模式：sidemenu 侧边栏，topmenu 顶部栏'),
    contentWidth: z.enum(['Fixed', 'Fluid']).describe('内容区域宽度：Fixed 固定，Fluid 流式'),
    fixedHeader: z.boolean().describe('固定 Header'),
    fixSiderbar: z.boolean().describe('固定侧边菜单'),
    autoHideHeader: z.boolean().describe('下滑时隐藏 Header'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, '主题色应为 #RRGGBB')
      .describe('主题色 #RRGGBB'),
    weak: z.boolean().describe('色弱模式'),
    multipage: z.boolean().describe('多页签模式'),
  })
  .partial()
  .strict();
export type UiPrefs = z.infer<typeof uiPrefsSchema>;
export const UI_PREF_KEYS = Object.keys(uiPrefsSchema.shape) as Array<keyof UiPrefs>;

/** The announcement categories (dictionary msg_category) that may alert. */
export const NOTICE_CATEGORIES = { '1': '通知公告', '2': '系统消息' } as const;
export type NoticeCategory = keyof typeof NOTICE_CATEGORIES;

/** 新消息通知: which categories alert, and whether a new message is read aloud (off by default). */
export const notifyPrefsSchema = z
  .object({
    categories: z
      .array(z.enum(['1', '2'], { error: '消息类型取值无效' }))
      .max(2)
      .describe('提醒的消息类型：1 通知公告，2 系统消息'),
    speak: z.boolean().describe('朗读新消息'),
  })
  .partial()
  .strict();
export type NotifyPrefs = z.infer<typeof notifyPrefsSchema>;

export const DEFAULT_NOTIFY: Required<NotifyPrefs> = { categories: ['1', '2'], speak: false };

/** A change of one's preferences: either part, merged into what is kept. */
export const prefsPatchSchema = z.object({
  ...identity,
  ui: uiPrefsSchema.optional(),
  notify: notifyPrefsSchema.optional(),
});

/** What GET prefs answers. */
export interface Prefs {
  ui: UiPrefs;
  notify: Required<NotifyPrefs>;
}

/** Whether a notice of this category (a socket message's msgCategory; none: 系统消息) alerts. */
export function alerts(notify: NotifyPrefs, category: string | undefined): boolean {
  return (notify.categories ?? DEFAULT_NOTIFY.categories).includes((category ?? '2') as NoticeCategory);
}

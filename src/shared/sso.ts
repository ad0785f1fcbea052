/**
 * Single sign-on (OIDC and CAS) shapes and messages shared by the server, the web client and the
 * commands: which providers are on (`GET /sys/thirdApp/getEnabledType`), an account's linked
 * identities (账户绑定), and the refusals' texts.
 */

/** The providers this console signs in with. */
export const THIRD_TYPES = ['oidc', 'cas'] as const;
export type ThirdType = (typeof THIRD_TYPES)[number];

export const isThirdType = (v: unknown): v is ThirdType => THIRD_TYPES.includes(v as ThirdType);

/** `GET /sys/thirdApp/getEnabledType`: each provider on or off, their names, and the SSO mode. */
export interface EnabledTypes {
  /** JeecgBoot's own third-party apps: never on here */
  wechatEnterprise: false;
  dingtalk: false;
  oidc: boolean;
  cas: boolean;
  /** what the sign-in buttons call each provider (OIDC_NAME, CAS_NAME) */
  names: Record<ThirdType, string>;
  /** SSO_MODE: signed-out visitors are sent to the single sign-on page instead of /user/login */
  ssoMode: boolean;
}

/** One linked identity of the signed-in account (`GET /sys/thirdApp/bindings`). */
export interface ThirdBinding {
  id: string;
  thirdType: ThirdType;
  /** the provider's name as configured */
  providerName: string;
  thirdUserId: string;
  realname: string | null;
  createTime: string;
}

/** The client routes of the sign-in flows (spec §2: the alternative login route and /oauth2-app). */
export const SSO_ROUTES = {
  /** the single sign-on page: the guard's target for signed-out visitors while SSO_MODE is on */
  login: '/user/sso',
  /** where the providers' flows land: `?token=&thirdType=` (OIDC), `?ticket=` (CAS), `?error=` */
  callback: '/oauth2-app/login',
  /** the 账户绑定 page (its menu url) */
  binding: '/account/settings/binding',
} as const;

/** How long the one-time login token handed to the client after a provider's sign-in lives. */
export const SSO_LOGIN_TOKEN_TTL_MS = 60_000;

export const SSO_MSG = {
  notConfigured: '未配置第三方登录，请联系管理员',
  typeNotEnabled: (name: string) => `未启用${name}登录`,
  badState: '登录状态无效或已过期，请重新登录',
  providerRefused: '身份提供方拒绝了本次登录，请重新登录',
  badToken: '登录凭证无效或已过期，请重新登录',
  badTicket: '票据无效或已被使用，请重新登录',
  badService: '服务地址不符，请重新登录',
  unverifiedClaim: (claim: string) => `身份提供方未验证该账号的${claim}，无法关联账户`,
  missingClaim: (claim: string) => `身份提供方没有提供${claim}，无法关联账户`,
  unknownUser: '没有与该身份对应的账户，请联系管理员开通',
  linkedElsewhere: '该身份已绑定其他账户',
  alreadyLinked: (name: string) => `当前账户已绑定${name}，请先解绑`,
  onlySelf: '只能修改自己的账户',
  passwordRequired: '请输入当前密码',
  passwordWrong: '当前密码错误',
  bindingMissing: '绑定不存在',
  bound: (name: string) => `已绑定${name}`,
  unbound: (name: string) => `已解除${name}绑定`,
} as const;

/** JeecgBoot Result wrapper: every JSON endpoint answers with this shape (jeecg-api.md §2). */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** MyBatis-Plus IPage as JeecgBoot serialises it (jeecg-api.md §2.1). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: unknown[];
  optimizeCountSql: boolean;
  searchCount: boolean;
  countId: null;
  maxLimit: null;
  /**
   * Ours, not MyBatis-Plus: set when `total` is the planner's estimate of a long list rather than a
   * count (counts are exact up to a cap and on the last page); clients show it as approximate.
   */
  totalEstimated?: true;
}

/** Result codes with a meaning on the wire. */
export const CODE = {
  OK: 200,
  OK_BARE: 0,
  IMPORTED_WITH_ERRORS: 201,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CAPTCHA_WRONG: 412,
  /** the account's password was chosen by someone else (import, admin reset): replace it first */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** too many requests from this address (rate limit) */
  TOO_MANY_REQUESTS: 429,
  ERROR: 500,
  NO_AUTH: 510,
} as const;

/** Paging defaults and limits (spec §9). */
export const PAGING = { defaultSize: 10, sizes: [10, 20, 30], maxSize: 1000 } as const;

/** Session lifetime (spec §9): 7 days. */
export const TOKEN_TTL_MS = 604_800_000;

/** Server messages that clients match on or show verbatim. */
export const MSG = {
  tokenInvalid: 'Token失效，请重新登录!',
  noAuth: '没有权限，请联系管理员授权',
  /** spec §5: a batch action (or a row action) with nothing selected */
  nothingSelected: '请选择一条记录！',
  pathNotFound: '路径不存在，请检查路径是否正确',
  operationFailed: '操作失败',
  captchaMissing: '验证码无效',
  captchaWrong: '验证码错误',
  userDeleted: '该用户已注销',
  userFrozen: '该用户已冻结',
  badCredentials: '用户名或密码错误',
  smsCodeWrong: '手机验证码错误',
  passwordChangeRequired: '您的密码由管理员设置，请先修改密码',
  tooManyRequests: '请求过于频繁，请稍后再试',
  loginOk: '登录成功',
  tooManyFailures: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试！`,
  tenantChanged: '用户租户信息变更,请重新登陆!',
  logoutOk: '退出登录成功！',
  logoutFailed: '退出登录失败！',
  tokenBad: 'Token无效!',
  sortColumnMissing: (c: string) => `请注意，将要排序的列字段不存在：${c}`,
  badParam: (p: string) => `操作失败，参数 ${p} 的值无效`,
} as const;

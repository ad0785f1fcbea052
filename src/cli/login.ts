/**
 * `care login`: the account's password (typed without echo, from `CARE_PASSWORD`, or the first line
 * of standard input with `--password-stdin`) posted to `/sys/login` as the login page posts it.
 * The page's slider is a check of the page only; a server started with CAPTCHA_ENABLED also asks
 * for its image captcha, which is saved as an SVG file for the person to read and type.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MSG } from '../shared/api.ts';
import { ENDPOINTS } from '../shared/endpoints.ts';
import { invoke, pathOf } from '../shared/contracts.ts';
import { CliApiError, createApi } from './api.ts';
import { writeCredentials, type Credentials } from './credentials.ts';
import { askLine, askSecret, interactive } from './terminal-io.ts';

export const LOGIN_MSG = {
  noServer: '请用 --server 指定服务器地址，例如 care login --server http://localhost:8080',
  noUsername: '请用 --username 指定账号',
  noPassword:
    '没有密码：在终端中运行以输入密码，或设置环境变量 CARE_PASSWORD，或加 --password-stdin 从标准输入读取',
  mustChange: '该账号须先修改密码：请在网页控制台登录并修改密码后再运行 care login',
  tenantNeeded: (ids: string) => `该账号属于多个租户（${ids}），请用 --tenant 指定`,
  captchaFile: (file: string) => `服务器要求图形验证码：请打开 ${file} 查看`,
  captchaNeeded: '服务器要求图形验证码，需要在终端中交互登录',
  done: (user: string, api: string, file: string) => `已登录 ${api}（${user}），登录信息保存在 ${file}`,
} as const;

/** `http://host:8080` → `http://host:8080/jeecg-boot`; a URL with a path is taken as the API base. */
export function apiBaseOf(server: string, basePath = '/jeecg-boot'): string {
  const url = new URL(server);
  const p = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${p || basePath}`;
}

interface LoginAnswer {
  token: string;
  userInfo: { username: string };
  mustChangePassword?: boolean;
  tenantList?: Array<{ id: number; name: string }>;
}

export interface LoginOptions {
  server: string;
  username?: string;
  tenant?: number;
  passwordStdin?: boolean;
  /** standard input's text when `passwordStdin` (read by the caller) */
  stdinText?: string;
}

export async function login(opts: LoginOptions, err: (line: string) => void): Promise<Credentials> {
  const base = apiBaseOf(opts.server);
  const http = createApi({ api: base });
  const username = opts.username ?? (interactive() ? ((await askLine('账号: '))?.trim() ?? '') : '');
  if (!username) throw new CliApiError(LOGIN_MSG.noUsername);
  const password = opts.passwordStdin
    ? (opts.stdinText ?? '').split(/\r?\n/)[0]
    : (process.env.CARE_PASSWORD ?? (interactive() ? await askSecret('密码: ') : undefined));
  if (!password) throw new CliApiError(LOGIN_MSG.noPassword);

  const body: Record<string, unknown> = { username, password };
  let answer: LoginAnswer;
  try {
    answer = await invoke<LoginAnswer>(http.api, ENDPOINTS.auth.login, body);
  } catch (e) {
    if (!(e instanceof CliApiError) || e.message !== MSG.captchaMissing) throw e;
    if (!interactive() || opts.passwordStdin) throw new CliApiError(LOGIN_MSG.captchaNeeded);
    const checkKey = `${Date.now()}${randomBytes(4).toString('hex')}`;
    const image = await http.call<string>('GET', pathOf(ENDPOINTS.auth.captcha, { key: checkKey }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'care-captcha-')), 'captcha.svg');
    fs.writeFileSync(file, Buffer.from(image.replace(/^data:[^,]*,/, ''), 'base64'), { mode: 0o600 });
    err(LOGIN_MSG.captchaFile(file));
    const captcha = (await askLine('验证码: '))?.trim() ?? '';
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    answer = await invoke<LoginAnswer>(http.api, ENDPOINTS.auth.login, { ...body, captcha, checkKey });
  }
  if (answer.mustChangePassword) {
    // the session of an account that must change its password is not kept
    await createApi({ api: base, token: answer.token })
      .request('POST', pathOf(ENDPOINTS.auth.logout))
      .catch(() => undefined);
    throw new CliApiError(LOGIN_MSG.mustChange);
  }
  const tenants = answer.tenantList ?? [];
  let tenantId = opts.tenant;
  if (tenantId === undefined && tenants.length === 1) tenantId = tenants[0]!.id;
  if (tenantId === undefined && tenants.length > 1) {
    const ids = tenants.map((t) => `${t.id} ${t.name}`).join('、');
    const chosen = interactive() ? Number((await askLine(`租户（${ids}）: `))?.trim()) : NaN;
    if (!tenants.some((t) => t.id === chosen)) throw new CliApiError(LOGIN_MSG.tenantNeeded(ids));
    tenantId = chosen;
  }
  const credentials: Credentials = {
    api: base,
    token: answer.token,
    username: answer.userInfo.username,
    ...(tenantId !== undefined ? { tenantId } : {}),
    savedAt: new Date().toISOString(),
  };
  const file = writeCredentials(credentials);
  err(LOGIN_MSG.done(credentials.username, base, file));
  return credentials;
}

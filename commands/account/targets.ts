import type { OwnSession, Prefs } from '../../src/shared/account.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { CommandContext } from '../core/types.ts';

/** Query keys of the 账户设置 pages (commands invalidate them after a change). */
export const ACCOUNT_KEYS = {
  profile: ['account', 'profile'],
  sessions: ['account', 'sessions'],
  logins: ['account', 'logins'],
  prefs: ['account', 'prefs'],
} as const;

/** The caller's own profile as the server keeps it. */
export interface OwnProfile extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
}

export const ownProfile = (ctx: CommandContext) => invoke<OwnProfile>(ctx.api, ENDPOINTS.self.profile);
export const ownSessions = (ctx: CommandContext) => invoke<OwnSession[]>(ctx.api, ENDPOINTS.self.sessions);
export const ownPrefs = (ctx: CommandContext) => invoke<Prefs>(ctx.api, ENDPOINTS.self.prefs);

/** Columns the terminal shows for one's sessions. */
export const OWN_SESSION_COLUMNS = [
  { key: 'id', title: '会话' },
  { key: 'device', title: '设备' },
  { key: 'ip', title: 'IP' },
  { key: 'loginTime', title: '登录时间' },
  { key: 'lastUsed', title: '最近使用' },
  { key: 'state', title: '状态' },
];

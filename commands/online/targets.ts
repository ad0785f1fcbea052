import type { Page } from '../../src/shared/api.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { CommandContext } from '../core/types.ts';

/** A live session as GET /sys/online/list shows it (a public id, never the token). */
export interface OnlineSession extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string | null;
  loginTime: string | null;
  ip: string | null;
  current: boolean;
}

/** The query key prefix of the online list. */
export const ONLINE_KEY = ['online'] as const;

/** Columns the terminal shows for sessions. */
export const SESSION_COLUMNS = [
  { key: 'id', title: '会话' },
  { key: 'username', title: '账号' },
  { key: 'realname', title: '姓名' },
  { key: 'ip', title: 'IP' },
  { key: 'loginTime', title: '登录时间' },
];

export async function liveSessions(ctx: CommandContext, username?: string): Promise<OnlineSession[]> {
  const page = await invoke<Page<OnlineSession>>(ctx.api, ENDPOINTS.online.list, {
    pageSize: 1000,
    ...(username ? { username } : {}),
  });
  return page.records;
}

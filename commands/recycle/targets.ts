import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { MSG } from '../../src/shared/api.ts';
import type { CommandContext } from '../core/types.ts';

/** A user in the recycle bin (GET /sys/user/recycleBin). */
export interface BinnedUser extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string | null;
  orgCodeTxt: string | null;
  updateTime: string | null;
}

/** The query key prefix of the recycle bin. */
export const RECYCLE_KEY = ['recycleBin'] as const;

export const BIN_COLUMNS = [
  { key: 'username', title: '账号' },
  { key: 'realname', title: '姓名' },
  { key: 'orgCodeTxt', title: '部门' },
  { key: 'updateTime', title: '删除时间' },
];

export const binnedUsers = (ctx: CommandContext) => invoke<BinnedUser[]>(ctx.api, ENDPOINTS.recycleBin.list);

/** The binned users named by id or username (else piped rows or the selection). */
export async function binTargets(ctx: CommandContext, given: string | undefined): Promise<BinnedUser[]> {
  const words = (given ?? '').split(/[\s,]+/).filter(Boolean);
  const wanted = words.length
    ? words
    : ctx.input?.length
      ? ctx.input.map((r) => String(r.id))
      : (ctx.keys.selection ?? []);
  if (wanted.length === 0) throw new Error(MSG.nothingSelected);
  const all = await binnedUsers(ctx);
  return wanted.map((w) => {
    const hit = all.find((u) => u.id === w || u.username === w);
    if (!hit) throw new Error(`回收站中没有该用户: ${w}`);
    return hit;
  });
}

import { z } from 'zod';
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

/** The arguments of the recycle batch commands. */
export const binArgs = (verb: string) =>
  z.object({
    ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe(`只列出将被${verb}的用户，不执行`),
  });

/**
 * Run a recycle batch command: the users named, listed under `--dry-run`, else one call for all
 * of them (the server restores or deletes all or nothing).
 */
export async function runOnBin(
  ctx: CommandContext,
  args: { ids?: string; dryRun?: boolean },
  verb: string,
  apply: (userIds: string) => Promise<unknown>,
) {
  const users = await binTargets(ctx, args.ids);
  const table = {
    columns: [
      { key: 'username', title: '账号' },
      { key: 'realname', title: '姓名' },
    ],
    rows: users.map((u) => ({ username: u.username, realname: u.realname })),
  };
  if (args.dryRun) return { message: `演练：将${verb} ${users.length} 个用户（未执行）`, table };
  const message = await apply(users.map((u) => u.id).join(','));
  return { message: `${String(message)}（${users.length} 个用户）`, table };
}

import { z } from 'zod';
import type { CommandContext } from '../core/types.ts';
import { MSG, type Page } from '../../src/shared/api.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

/** The query key prefix of every users read: commands invalidate it after a write. */
export const USERS_KEY = ['users'] as const;

const ID_RE = /^[0-9a-f]{32}$/;

/**
 * Which users a batch command acts on: explicit ids or usernames, else piped records, else the
 * grid selection. Usernames are resolved to ids through the list endpoint.
 */
export async function targetUserIds(ctx: CommandContext, given: string | undefined): Promise<string[]> {
  const tokens = (given ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (tokens.length) {
    const ids: string[] = [];
    for (const t of tokens) {
      if (ID_RE.test(t)) ids.push(t);
      else {
        const page = await invoke<Page<{ id: string; username: string }>>(ctx.api, ENDPOINTS.user.list, {
          username: t,
          pageSize: 1,
        });
        const hit = page?.records.find((r) => r.username === t);
        if (!hit) throw new Error(`用户不存在: ${t}`);
        ids.push(hit.id);
      }
    }
    return ids;
  }
  if (ctx.input?.length) return ctx.input.map((r) => String(r.id)).filter(Boolean);
  return ctx.keys.selection ?? [];
}

export function requireSome(ids: string[]): string[] {
  if (ids.length === 0) throw new Error(MSG.nothingSelected);
  return ids;
}

/** Columns the terminal shows for users. */
export const USER_COLUMNS = [
  { key: 'username', title: '账号' },
  { key: 'realname', title: '姓名' },
  { key: 'sex_dictText', title: '性别' },
  { key: 'phone', title: '手机号' },
  { key: 'orgCodeTxt', title: '部门' },
  { key: 'status_dictText', title: '状态' },
  { key: 'createTime', title: '创建时间' },
];

/**
 * The argument part shared by the batch commands (freeze, unfreeze, delete): `ids` positional, and
 * a `prepare` that refuses an empty selection before any confirmation is asked.
 */
export const batchTarget = {
  args: z.object({ ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行') }),
  positional: ['ids'],
  async prepare(ctx: CommandContext, { ids }: { ids?: string }) {
    requireSome(await targetUserIds(ctx, ids));
  },
};

import { z } from 'zod';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { MSG } from '../../src/shared/api.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { ONLINE_KEY, liveSessions } from './targets.ts';

const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * `online force-logout <session|username…>`: end sessions (a username ends all of its sessions,
 * never the caller's own); progress, Ctrl+C, `--dry-run`.
 */
export default defineCommand({
  id: 'online.forceLogout',
  examples: ['online list | head 1 | online forceLogout'],
  title: '强制退出',
  category: '在线用户',
  aliases: ['force logout', 'kick'],
  keywords: ['强退', '下线', '踢出'],
  permission: PERM.online.forceLogout,
  requires: [PERM.online.list],
  dangerous: true,
  confirm: '确定强制退出选中的用户吗?',
  menus: [{ menu: 'online.row', group: '9_danger', order: 1, label: '强制退出' }],
  when: (k) => !k.row || k.row.current !== true,
  args: z.object({
    ids: z.string().optional().describe('会话id或账号，逗号分隔；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将被强制退出的会话，不执行'),
  }),
  positional: ['ids'],
  async run(ctx, { ids, dryRun }) {
    const words = (ids ?? '').split(/[\s,]+/).filter(Boolean);
    const wanted = words.length
      ? words
      : ctx.input?.length
        ? ctx.input.map((r) => String(r.id))
        : (ctx.keys.selection ?? []);
    if (wanted.length === 0) throw new Error(MSG.nothingSelected);
    const sessions = await liveSessions(ctx);
    const chosen = sessions.filter(
      (s) => !s.current && wanted.some((w) => (SESSION_ID.test(w) ? s.id === w : s.username === w)),
    );
    if (chosen.length === 0) throw new Error('没有可强制退出的会话');
    const result = await eachRow(
      ctx,
      chosen.map((s) => ({
        target: `${s.username}（${s.id.slice(0, 8)}）`,
        change: `在线 → 已退出（${s.ip ?? '-'}）`,
        apply: () => invoke(ctx.api, ENDPOINTS.online.forceLogout, { token: s.id }),
      })),
      { dryRun, verb: '强制退出', unit: '会话' },
    );
    return { ...result, invalidate: [[...ONLINE_KEY]] };
  },
});

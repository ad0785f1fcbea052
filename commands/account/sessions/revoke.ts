import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { ACCOUNT_KEYS, OWN_SESSION_COLUMNS, ownSessions } from '../targets.ts';

/**
 * `account sessions revoke <id…> | --others`: sign one's own other sessions out (安全设置's 退出);
 * never the current one (退出登录 ends that). `--dry-run` lists them only.
 */
export default defineCommand({
  id: 'account.sessions.revoke',
  examples: ['account sessions revoke --others'],
  title: '退出其他会话',
  category: '账户',
  aliases: ['revoke sessions', 'sign out others'],
  keywords: ['安全设置', '会话', '下线', '退出'],
  dangerous: true,
  confirm: '确定退出选中的会话吗?',
  args: z.object({
    ids: z.string().optional().describe('会话id，逗号分隔'),
    others: z.boolean().optional().describe('退出除当前以外的全部会话'),
    dryRun: z.boolean().optional().describe('只列出将被退出的会话，不执行'),
  }),
  positional: ['ids'],
  async run(ctx, { ids, others, dryRun }) {
    const wanted = (ids ?? '').split(/[\s,]+/).filter(Boolean);
    if (!others && wanted.length === 0) throw new Error('请选择要退出的会话');
    if (dryRun) {
      const rows = (await ownSessions(ctx)).filter((s) => !s.current && (others || wanted.includes(s.id)));
      return {
        message: `将退出 ${rows.length} 个会话`,
        table: { columns: OWN_SESSION_COLUMNS, rows: rows.map((s) => ({ ...s, state: '在线' })) },
      };
    }
    const message = await invoke<string>(
      ctx.api,
      ENDPOINTS.self.revokeSessions,
      others ? { others: true } : { ids: wanted },
    );
    return { message: String(message), invalidate: [[...ACCOUNT_KEYS.sessions]] };
  },
});

import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { OwnLogin } from '../../src/shared/account.ts';

/** `account logins`: one's own recent sign-ins (the login log). */
export default defineCommand({
  id: 'account.logins',
  examples: ['account logins'],
  title: '最近登录记录',
  category: '账户',
  aliases: ['my logins', 'last'],
  keywords: ['安全设置', '登录日志'],
  async run(ctx) {
    const rows = await invoke<OwnLogin[]>(ctx.api, ENDPOINTS.self.logins);
    return {
      message: `最近 ${rows.length} 次登录`,
      table: {
        columns: [
          { key: 'time', title: '时间' },
          { key: 'ip', title: 'IP' },
          { key: 'content', title: '内容' },
        ],
        rows: rows as unknown as Array<Record<string, unknown>>,
      },
    };
  },
});

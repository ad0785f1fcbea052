import { defineCommand } from '../../core/define-command.ts';
import { OWN_SESSION_COLUMNS, ownSessions } from '../targets.ts';

/** `account sessions list`: where one's account is signed in (device, address, last use). */
export default defineCommand({
  id: 'account.sessions.list',
  examples: ['account sessions list'],
  title: '我的登录会话',
  category: '账户',
  aliases: ['my sessions'],
  keywords: ['安全设置', '会话', '设备'],
  async run(ctx) {
    const rows = await ownSessions(ctx);
    return {
      message: `${rows.length} 个会话`,
      table: {
        columns: OWN_SESSION_COLUMNS,
        rows: rows.map((s) => ({ ...s, state: s.current ? '当前会话' : '在线' })),
      },
    };
  },
});

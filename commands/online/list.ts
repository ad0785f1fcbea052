import { z } from 'zod';
import { PERM } from '../../src/shared/permissions.ts';
import { defineCommand } from '../core/define-command.ts';
import { SESSION_COLUMNS, liveSessions } from './targets.ts';

/** `online list`: who is signed in now (sessions by a public id, never their tokens). */
export default defineCommand({
  id: 'online.list',
  examples: ['online list'],
  title: '在线用户',
  category: '在线用户',
  aliases: ['online users', 'sessions', 'who'],
  keywords: ['在线', '会话', '登录用户'],
  permission: PERM.online.list,
  args: z.object({ username: z.string().optional().describe('账号（包含即可）') }),
  positional: ['username'],
  async run(ctx, { username }) {
    const rows = await liveSessions(ctx, username);
    return {
      message: `${rows.length} 个在线会话`,
      table: {
        columns: SESSION_COLUMNS,
        rows: rows.map((r) => ({ ...r, username: r.current ? `${r.username}（当前）` : r.username })),
      },
    };
  },
});

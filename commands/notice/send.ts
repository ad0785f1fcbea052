import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { ANNOUNCEMENT, NOTICE_ENDPOINTS } from '../../src/shared/resources/announcement.ts';
import { escapeHtml } from '../../src/shared/richtext.ts';

/** Ids of the users named by username (each must exist). */
async function userIds(api: Parameters<typeof invoke>[0], usernames: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const username of usernames) {
    const page = await invoke<{ records: Array<{ id: string; username: string }> }>(
      api,
      ENDPOINTS.user.queryUserComponentData,
      { username, pageSize: 50 },
    );
    const user = page.records.find((u) => u.username === username);
    if (!user) throw new Error(`用户 ${username} 不存在`);
    ids.push(user.id);
  }
  return ids;
}

/** 发送通告: write a notice and release it at once, to everyone or to named users. */
export default defineCommand({
  id: 'notice.send',
  examples: ['notice send 系统维护通知 --content 今晚22点维护'],
  title: '发送通告',
  category: ANNOUNCEMENT.decl.category,
  aliases: ['notice send', 'send notice', 'announce'],
  keywords: ['通告', '通知', '发布'],
  permission: PERM.announcement.release,
  requires: [PERM.announcement.add, PERM.announcement.list, PERM.user.select],
  args: z.object({
    to: z.string().default('all').describe('接收人：all（全体用户）或逗号分隔的用户名'),
    title: z.string().min(1, '请输入标题').describe('标题'),
    content: z.string().optional().describe('内容（纯文本）'),
    priority: z.enum(['L', 'M', 'H']).default('L').describe('优先级：L 一般，M 重要，H 紧急'),
    category: z.enum(['1', '2']).default('1').describe('消息类型：1 通知公告，2 系统消息'),
  }),
  positional: ['title'],
  async run(ctx, args) {
    const all = args.to.trim().toLowerCase() === 'all';
    const names = all
      ? []
      : args.to
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
    const ids = all ? [] : await userIds(ctx.api, names);
    await invoke(ctx.api, ANNOUNCEMENT.endpoints.add, {
      titile: args.title,
      msgContent: args.content ? `<p>${escapeHtml(args.content)}</p>` : null,
      priority: args.priority,
      msgCategory: args.category,
      msgType: all ? 'ALL' : 'USER',
      userIds: all ? null : ids.join(','),
    });
    // the newest draft of this title is the one just written
    const page = await invoke<{ records: Array<{ id: string; sendStatus: string }> }>(
      ctx.api,
      ANNOUNCEMENT.endpoints.list,
      {
        titile: args.title,
        sendStatus: '0',
        column: 'createTime',
        order: 'desc',
        pageSize: 1,
      },
    );
    const id = page.records[0]?.id;
    if (!id) throw new Error('通告已保存，但未找到草稿，请在系统通告中发布');
    const message = await invoke<string>(ctx.api, NOTICE_ENDPOINTS.release, { id });
    return {
      message: `${message}（${all ? '全体用户' : names.join('、')}）`,
      invalidate: [[...ANNOUNCEMENT.queryKey]],
    };
  },
});

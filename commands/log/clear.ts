import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import type { Page } from '../../src/shared/api.ts';
import { LOG, LOG_CLEAR_ALL } from '../../src/shared/resources/log.ts';

/** 清空日志: beside the generated log commands, `deleteBatch?ids=allclear` empties the whole log. */
export default defineCommand({
  id: 'log.clear',
  examples: ['log clear'],
  title: '清空日志',
  category: LOG.decl.category,
  aliases: ['clear logs'],
  keywords: ['清空', '清除', '日志'],
  permission: LOG.endpoints.deleteBatch.permission as string,
  dangerous: true,
  confirm: '确定清空全部日志吗？此操作不可恢复',
  menus: [{ menu: 'log.toolbar', group: '9_danger', order: 2 }],
  args: z.object({
    dryRun: z.boolean().optional().describe('只报告将被清空的日志条数，不执行'),
  }),
  async run(ctx, { dryRun }) {
    if (dryRun) {
      const page = await ctx.api.get<Page<unknown>>(LOG.endpoints.list.path, { pageNo: 1, pageSize: 1 });
      return { message: `将清空 ${page.total} 条日志（未执行）` };
    }
    const message = await ctx.api.delete<string>(LOG.endpoints.deleteBatch.path, { ids: LOG_CLEAR_ALL });
    return { message: String(message ?? '清除成功!'), invalidate: [[...LOG.queryKey]] };
  },
});

import { defineCommand } from '../core/define-command.ts';
import { LOG, LOG_CLEAR_ALL } from '../../src/shared/resources/log.ts';

/** 清空日志: beside the generated log commands, `deleteBatch?ids=allclear` empties the whole log. */
export default defineCommand({
  id: 'log.clear',
  title: '清空日志',
  category: LOG.decl.category,
  aliases: ['clear logs'],
  keywords: ['清空', '清除', '日志'],
  permission: LOG.endpoints.deleteBatch.permission as string,
  dangerous: true,
  confirm: '确定清空全部日志吗？此操作不可恢复',
  menus: [{ menu: 'log.toolbar', group: '9_danger', order: 2 }],
  async run(ctx) {
    const message = await ctx.api.delete<string>(LOG.endpoints.deleteBatch.path, { ids: LOG_CLEAR_ALL });
    return { message: String(message ?? '清除成功!'), invalidate: [[...LOG.queryKey]] };
  },
});

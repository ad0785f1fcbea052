import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.clearCache',
  title: '清理缓存',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 4 }],
  category: '账户',
  aliases: ['clear cache', 'refresh dictionaries'],
  keywords: ['字典', '刷新'],
  async run(ctx) {
    try {
      await ctx.api.get('sys/dict/refleshCache');
      const dicts = await ctx.api.get<Record<string, unknown[]>>('sys/dict/queryAllDictItems');
      await ctx.open?.('session.dicts', { dicts });
      return { message: '刷新缓存完成！' };
    } catch {
      throw new Error('刷新缓存失败！');
    }
  },
});

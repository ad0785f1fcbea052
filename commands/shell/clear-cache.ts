import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'shell.clearCache',
  title: '清理缓存',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 4 }],
  category: '账户',
  aliases: ['clear cache', 'refresh dictionaries'],
  keywords: ['字典', '刷新'],
  async run(ctx) {
    try {
      await invoke(ctx.api, ENDPOINTS.dict.refleshCache);
      const dicts = await invoke<Record<string, unknown[]>>(ctx.api, ENDPOINTS.dict.queryAllDictItems);
      await ctx.open?.('session.dicts', { dicts });
      return { message: '刷新缓存完成！' };
    } catch {
      throw new Error('刷新缓存失败！');
    }
  },
});

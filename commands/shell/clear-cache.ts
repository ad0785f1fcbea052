import { defineCommand } from '../core/define-command.ts';
import { reloadDictionaries } from '../dict/reload.ts';

export default defineCommand({
  id: 'shell.clearCache',
  examples: ['shell clearCache'],
  title: '清理缓存',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 4 }],
  category: '账户',
  aliases: ['clear cache', 'refresh dictionaries'],
  keywords: ['字典', '刷新'],
  run: (ctx) => reloadDictionaries(ctx),
});

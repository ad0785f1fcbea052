import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.toggleTerminal',
  examples: ['shell toggleTerminal'],
  title: '切换终端面板',
  category: '界面',
  aliases: ['terminal', 'console'],
  keywords: ['终端', '命令行'],
  keybinding: 'Ctrl+`',
  async run(ctx) {
    await ctx.open?.('terminal.toggle');
  },
});

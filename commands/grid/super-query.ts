import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from './widget.ts';

/** Open the 高级查询构造器 of the current list, or run one of its saved queries by name. */
export default defineCommand({
  id: 'grid.superQuery',
  examples: ['grid superQuery'],
  page: true,
  title: '高级查询',
  category: '表格',
  aliases: ['query', 'super query'],
  keywords: ['高级查询', '查询构造器', '保存的查询'],
  args: z.object({
    name: z.string().optional().describe('已保存查询的名称；省略则打开高级查询构造器'),
  }),
  positional: ['name'],
  keybinding: 'Alt+Q',
  when: (k) => Boolean(k.grid?.superQuery),
  async run(ctx, { name }) {
    const result = await openWidget<string | void>(ctx, 'grid.superQuery', name ? { name } : {});
    return typeof result === 'string' ? { message: result } : {};
  },
});

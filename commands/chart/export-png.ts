import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

/** `chart png 区县订单`: download a chart of the page (分析页, 系统监控) as `<title>.png`. */
export default defineCommand({
  id: 'chart.exportPng',
  examples: ['chart png 区县订单'],
  page: true,
  title: '导出图表PNG',
  category: '界面',
  aliases: ['chart png', 'export chart'],
  keywords: ['导出PNG', '图表', '图片', 'png', 'daochu'],
  args: z.object({
    title: z.string().optional().describe('图表标题；页面只有一个图表时可省略'),
  }),
  positional: ['title'],
  // the pages with charts: 分析页 (and 首页, the same page) and 系统监控's
  when: (k) => !!k.route && (k.route.startsWith('/dashboard/') || k.route.startsWith('/monitor/')),
  async run(ctx, { title }) {
    const name = await openWidget<string>(ctx, 'chart.png', title ? { title } : {});
    return { message: `已导出 ${name}.png` };
  },
});

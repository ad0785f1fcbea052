import { z } from 'zod';
import { WORKPLACE_PENDING, type WorkplaceSection } from '../../src/shared/stats/workplace.ts';
import { defineCommand } from '../core/define-command.ts';

/**
 * `workplace`: 工作台's sections as a table — what waits for me (exceptions to handle,
 * cancellations to approve, partners to review, withdrawals to approve, statements to confirm),
 * only those my codes allow, each with its count, its oldest rows and the command acting on one.
 */
export default defineCommand({
  id: 'stats.workplace',
  examples: ['workplace', 'workplace --section withdrawals'],
  title: '我的待办',
  category: '首页',
  aliases: ['workplace', 'todo', 'stats workplace'],
  keywords: ['工作台', '待办', '待审核', '待处理', 'daiban', 'gongzuotai'],
  // every signed-in user: the server answers only the sections their codes allow
  args: z.object({
    section: z
      .enum(['exceptions', 'cancellations', 'partners', 'withdrawals', 'statements'])
      .optional()
      .describe(
        '只看一类：exceptions 异常订单、cancellations 取消审核、partners 商户、withdrawals 提现、statements 对账单',
      ),
  }),
  async run(ctx, { section }) {
    const sections = (await ctx.api.get<WorkplaceSection[]>(WORKPLACE_PENDING.path, {})).filter(
      (s) => !section || s.key === section,
    );
    const rows = sections.flatMap((s) =>
      s.items.length === 0
        ? [{ section: s.title, count: s.count, label: '', detail: '', command: '' }]
        : s.items.map((i, n) => ({
            section: n === 0 ? s.title : '',
            count: n === 0 ? s.count : '',
            label: i.label,
            detail: i.detail,
            command: `${s.command} ${i.id}`,
          })),
    );
    const total = sections.reduce((n, s) => n + s.count, 0);
    return {
      message:
        sections.length === 0
          ? '没有需要您处理的事项'
          : `待办 ${total} 项：${sections.map((s) => `${s.title} ${s.count}`).join('，')}`,
      table: {
        columns: [
          { key: 'section', title: '事项' },
          { key: 'count', title: '数量' },
          { key: 'label', title: '对象' },
          { key: 'detail', title: '详情' },
          { key: 'command', title: '命令' },
        ],
        rows,
      },
      // one record a waiting row: `workplace --section withdrawals | withdraw approve` acts on them
      records: sections.flatMap((s) => s.items.map((i) => ({ ...i, section: s.key, command: s.command }))),
    };
  },
});

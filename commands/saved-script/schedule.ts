import { z } from 'zod';
import { invoke } from '../../src/shared/contracts.ts';
import { SAVED_SCRIPT, SCRIPT_SCHEDULE } from '../../src/shared/resources/saved-script.ts';
import { defineCommand } from '../core/define-command.ts';
import { scriptByRef } from './script-ref.ts';

/**
 * `savedScript schedule <名称> --cron '<cron>' [--params …]` / `--off`: runs the script as its owner on a
 * Quartz cron expression (a 定时任务 row), or stops it.
 */
export default defineCommand({
  id: 'savedScript.schedule',
  title: '定时运行',
  category: SAVED_SCRIPT.decl.category,
  aliases: ['script schedule'],
  keywords: ['脚本', '定时', 'cron', 'schedule'],
  permission: SAVED_SCRIPT.perms.schedule,
  requires: [SAVED_SCRIPT.perms.list],
  examples: [
    `savedScript schedule unpaidPreview --cron '0 0 8 * * ?' --params age=2h`,
    'savedScript schedule unpaidPreview --off',
  ],
  menus: [{ menu: 'savedScript.row', group: '5_run', order: 2, label: '定时' }],
  target: 'id',
  args: z.object({
    id: z.string().optional().describe('脚本名称或id；默认管道输入或表格选中行'),
    cron: z.string().optional().describe('Quartz cron 表达式（秒 分 时 日 月 周），如 0 0 8 * * ?'),
    params: z.string().optional().describe('定时运行的参数值：名称=值，逗号分隔'),
    off: z.boolean().optional().describe('取消定时'),
  }),
  positional: ['id'],
  async run(ctx, { id, cron, params, off }) {
    if (!off && !cron) {
      const given = await ctx.prompt('定时运行：Quartz cron 表达式（秒 分 时 日 月 周），如 0 0 8 * * ?');
      // declined: nothing changes
      if (given === null) return { message: '已取消' };
      cron = given.trim();
      if (!cron) throw new Error('请给出 cron 表达式，或用 --off 取消定时');
    }
    const script = await scriptByRef(ctx, id);
    const message = await invoke<string>(ctx.api, SCRIPT_SCHEDULE, {
      id: script.id,
      cronExpression: off ? null : cron,
      ...(params ? { params } : {}),
    });
    return { message, invalidate: [[...SAVED_SCRIPT.queryKey]] };
  },
});

import { z } from 'zod';
import { invoke } from '../../src/shared/contracts.ts';
import type { Page } from '../../src/shared/api.ts';
import { RUN_TEXT, type JobRun } from '../../src/shared/resources/quartz-job.ts';
import { SAVED_SCRIPT, SCRIPT_RUNS } from '../../src/shared/resources/saved-script.ts';
import { defineCommand } from '../core/define-command.ts';
import { scriptByRef } from './script-ref.ts';

/** `savedScript runs <名称>`: a script's runs, newest first, with their output or error. */
export default defineCommand({
  id: 'savedScript.runs',
  title: '运行记录',
  category: SAVED_SCRIPT.decl.category,
  aliases: ['script runs'],
  keywords: ['脚本', '运行记录', '执行记录', 'history'],
  permission: SAVED_SCRIPT.perms.list,
  examples: ['savedScript runs unpaidPreview'],
  menus: [{ menu: 'savedScript.row', group: '6_info', order: 2, label: '运行记录' }],
  args: z.object({
    id: z.string().optional().describe('脚本名称或id；默认管道输入或表格选中行'),
    limit: z.coerce.number().int().min(1).max(100).default(10).describe('显示的条数'),
  }),
  positional: ['id'],
  async run(ctx, { id, limit }) {
    const script = await scriptByRef(ctx, id);
    const page = await invoke<Page<JobRun>>(ctx.api, SCRIPT_RUNS, { id: script.id, pageSize: limit });
    return {
      table: {
        columns: [
          { key: 'startTime', title: '开始时间' },
          {
            key: 'trigger',
            title: '方式',
            options: Object.entries(RUN_TEXT.trigger).map(([value, text]) => ({ value, text })),
          },
          {
            key: 'status',
            title: '结果',
            options: Object.entries(RUN_TEXT.status).map(([value, text]) => ({ value, text })),
          },
          { key: 'durationMs', title: '用时(ms)', format: 'number' },
          { key: 'output', title: '输出' },
        ],
        rows: page.records.map((r) => ({
          ...r,
          output: (r.status === 'error' ? (r.error ?? '') : (r.result ?? '')).split('\n')[0],
        })),
      },
      records: page.records as unknown as Array<Record<string, unknown>>,
    };
  },
});

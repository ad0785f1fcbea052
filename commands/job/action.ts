import { z } from 'zod';
import { invoke, type EndpointContract } from '../../src/shared/contracts.ts';
import { QUARTZ_JOB } from '../../src/shared/resources/quartz-job.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandDefinition } from '../core/types.ts';
import { eachRow } from '../grid/each-row.ts';
import { targetIds } from '../grid/targets.ts';
import { rowsByRef } from '../resources/lookup.ts';
import { MSG } from '../../src/shared/api.ts';

/**
 * A command acting on jobs named by id or class name (piped rows or the grid selection by default):
 * stop, start, run once. One by one with progress; Ctrl+C stops; `--dry-run` lists.
 */
export function jobAction(o: {
  verb: 'run' | 'pause' | 'resume';
  title: string;
  /** what is done, for the progress and the result (`停止`) */
  done: string;
  endpoint: EndpointContract;
  /** when the row menu offers it, by the row's status */
  shownFor?: number;
  aliases: string[];
  keywords: string[];
  order: number;
}): CommandDefinition {
  return defineCommand({
    id: `job.${o.verb}`,
    // a job in a state the action leaves: 运行中 (0) pauses, 已停止 (-1) runs or resumes
    examples: [
      `job list${o.verb === 'pause' ? ' --status 0' : o.verb === 'resume' ? ' --status -1' : ''} | head 1 | job ${o.verb}`,
    ],
    title: o.title,
    category: QUARTZ_JOB.decl.category,
    aliases: o.aliases,
    keywords: o.keywords,
    permission: o.endpoint.permission as string,
    requires: [QUARTZ_JOB.perms.list],
    menus: [{ menu: 'job.row', group: '5_status', order: o.order, label: o.title }],
    ...(o.shownFor === undefined ? {} : { when: (k) => !k.row || Number(k.row.status) === o.shownFor }),
    args: z.object({
      ids: z.string().optional().describe('任务id或任务类名，逗号分隔；默认管道输入或表格选中行'),
      dryRun: z.boolean().optional().describe('只列出将要处理的任务，不执行'),
    }),
    positional: ['ids'],
    async run(ctx, { ids, dryRun }) {
      const refs = targetIds(ctx, ids);
      if (refs.length === 0) throw new Error(MSG.nothingSelected);
      const rows = await rowsByRef(ctx, QUARTZ_JOB, refs, 'jobClassName');
      let message = '';
      const result = await eachRow(
        ctx,
        rows.map((row) => ({
          target: String(row.jobClassName),
          change: `${String(row.cronExpression)}（${String(row.status_dictText ?? row.status)}）`,
          apply: async () => {
            message = String(await invoke<string>(ctx.api, o.endpoint, { id: row.id }));
          },
        })),
        { dryRun, verb: o.done, unit: '定时任务' },
      );
      // one job: JeecgBoot's own message (停止定时任务成功 …)
      return {
        ...result,
        ...(rows.length === 1 && !dryRun ? { message } : {}),
        invalidate: [[...QUARTZ_JOB.queryKey]],
      };
    },
  });
}

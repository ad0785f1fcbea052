import { z } from 'zod';
import { invoke } from '../../src/shared/contracts.ts';
import type { Page } from '../../src/shared/api.ts';
import type { JobRun } from '../../src/shared/resources/quartz-job.ts';
import { SAVED_SCRIPT, SCRIPT_RUN, SCRIPT_RUNS } from '../../src/shared/resources/saved-script.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandContext } from '../core/types.ts';
import { scriptByRef } from './script-ref.ts';

/** How long a run is waited for before the command gives up waiting (the run goes on). */
const WAIT_MS = 300_000;

/** The run once it ended (polled: the server runs it in the background, as 立即执行). */
async function finished(ctx: CommandContext, scriptId: string, runId: string): Promise<JobRun | undefined> {
  const until = Date.now() + WAIT_MS;
  for (let delay = 100; Date.now() < until; delay = Math.min(delay * 2, 1000)) {
    const page = await invoke<Page<JobRun>>(ctx.api, SCRIPT_RUNS, { id: scriptId, pageSize: 20 });
    const run = page.records.find((r) => r.id === runId);
    if (run && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (ctx.signal.aborted) return undefined;
  }
  return undefined;
}

/**
 * `savedScript run <名称> [--params age=1h]`: runs a saved script on the server as its owner (the
 * caller), waits for it and prints its output; a failed run fails the command with its error.
 */
export default defineCommand({
  id: 'savedScript.run',
  title: '运行脚本',
  category: SAVED_SCRIPT.decl.category,
  aliases: ['script run'],
  keywords: ['脚本', '运行', '执行', 'run script'],
  permission: SAVED_SCRIPT.perms.run,
  requires: [SAVED_SCRIPT.perms.list],
  examples: ['savedScript run unpaidPreview --params age=1h'],
  menus: [{ menu: 'savedScript.row', group: '5_run', order: 1, label: '立即运行' }],
  args: z.object({
    id: z.string().optional().describe('脚本名称或id；默认管道输入或表格选中行'),
    params: z.string().optional().describe('参数值：名称=值，逗号分隔（如 age=1h）；未给的用默认值'),
    noWait: z.boolean().optional().describe('只启动，不等待结果（结果见运行记录）'),
  }),
  positional: ['id'],
  async run(ctx, { id, params, noWait }) {
    const script = await scriptByRef(ctx, id);
    const started = await invoke<{ runId: string }>(ctx.api, SCRIPT_RUN, {
      id: script.id,
      ...(params ? { params } : {}),
    });
    if (noWait) return { message: `脚本「${String(script.title)}」已开始运行` };
    ctx.progress({ done: 0, label: `运行脚本 ${String(script.name)}` });
    const run = await finished(ctx, script.id, started.runId);
    if (!run) return { message: `脚本「${String(script.title)}」仍在运行，稍后用 savedScript runs 查看结果` };
    if (run.status === 'error') throw new Error(run.error ?? '运行失败');
    return { message: run.result ?? '' };
  },
});

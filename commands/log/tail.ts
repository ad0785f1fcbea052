import { z } from 'zod';
import type { Page } from '../../src/shared/api.ts';
import { LOG } from '../../src/shared/resources/log.ts';
import { defineCommand } from '../core/define-command.ts';
import { runLive } from '../core/live.ts';

interface LogRow {
  id: string;
  createTime: string;
  username: string | null;
  ip: string | null;
  logContent: string | null;
  logType: number;
}

/** Wait `ms`, or less when the run is cancelled. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const line = (r: LogRow) => `${r.createTime}  ${r.username ?? '-'}  ${r.ip ?? '-'}  ${r.logContent ?? ''}`;

/**
 * `log tail`: follow the log live (operation log by default). In the terminal panel it is a live
 * view: the newest entries that fit on one screen, newest first, redrawn in place once a second
 * until `q` or Ctrl+C (chosen in the palette, it opens the panel and runs there). Where the screen
 * cannot be redrawn (a headless executor), or with
 * `--count`, it prints each new entry as it is written, until Ctrl+C or `--count` entries. `--last N`
 * prints the newest N entries, oldest first, and ends without following.
 */
export default defineCommand({
  id: 'log.tail',
  title: '跟踪日志',
  category: LOG.decl.category,
  aliases: ['tail logs', 'follow log'],
  keywords: ['日志', '实时', '跟踪', '操作日志'],
  permission: LOG.endpoints.list.permission as string,
  args: z.object({
    type: z.enum(['1', '2']).default('2').describe('日志类型：1 登录日志，2 操作日志'),
    count: z.number().int().min(1).optional().describe('打印这么多条新日志后结束；默认一直跟踪到 Ctrl+C'),
    interval: z.number().int().min(1).max(60).default(1).describe('查询间隔（秒）'),
    last: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .describe('只打印最近这么多条日志后结束，不跟踪（最多 50）'),
  }),
  examples: ['log tail --last 5'],
  async run(ctx, { type, count, interval, last }) {
    const newest = async (pageSize = 50) =>
      (
        await ctx.api.get<Page<LogRow>>(LOG.endpoints.list.path, {
          logType: type,
          column: 'createTime',
          order: 'desc',
          pageSize,
        })
      ).records;
    if (last !== undefined) {
      const rows = (await newest(last)).reverse();
      for (const r of rows) ctx.output(line(r));
      return { message: `已打印最近 ${rows.length} 条${type === '1' ? '登录' : '操作'}日志` };
    }
    const kind = type === '1' ? '登录' : '操作';
    if (count === undefined && (ctx.live || ctx.open)) {
      const cut = (t: string | null | undefined, n: number) => (t ?? '-').slice(0, n);
      return runLive(
        ctx,
        async (rows) => {
          const entries = await newest(Math.min(50, Math.max(1, rows - 2)));
          return [
            `log tail ${kind}日志（最新在上）${' '.repeat(30)}q 退出`,
            '',
            ...entries.map(
              (r) => `${r.createTime}  ${cut(r.username, 12)}  ${cut(r.ip, 15)}  ${r.logContent ?? ''}`,
            ),
          ];
        },
        { intervalMs: interval * 1000, line: `log tail --type ${type} --interval ${interval}` },
      );
    }
    // what is there now is history: only entries written from here on are printed
    const seen = new Set((await newest()).map((r) => r.id));
    ctx.output(`正在跟踪${kind}日志（Ctrl+C 结束）…`);
    let printed = 0;
    while (!ctx.signal.aborted && (count === undefined || printed < count)) {
      await pause(interval * 1000, ctx.signal);
      if (ctx.signal.aborted) break;
      const fresh = (await newest()).filter((r) => !seen.has(r.id)).reverse();
      for (const r of fresh) {
        seen.add(r.id);
        if (count !== undefined && printed >= count) break;
        ctx.output(line(r));
        printed += 1;
      }
    }
    if (ctx.signal.aborted) throw new DOMException('cancelled', 'AbortError');
    return { message: `已打印 ${printed} 条新日志` };
  },
});

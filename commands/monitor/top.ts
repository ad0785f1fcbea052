import { z } from 'zod';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { HttpInfo, RuntimeInfo, ServerInfo } from '../../src/shared/monitor.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { defineCommand } from '../core/define-command.ts';
import { runLive } from '../core/live.ts';
import { bytes, duration, percent, row, title } from './figures.ts';

const M = ENDPOINTS.monitor;

/**
 * `monitor top`: this instance's CPU, memory, heap, event loop, GC and HTTP figures on one screen,
 * redrawn in place once a second until `q` or Ctrl+C (`--once`: one frame, then end).
 */
export default defineCommand({
  id: 'monitor.top',
  title: '实时监控',
  category: '系统监控',
  aliases: ['top'],
  keywords: ['监控', '服务器', 'CPU', '内存', '实时'],
  permission: PERM.monitor.server,
  requires: [PERM.monitor.runtime, PERM.monitor.http],
  args: z.object({
    once: z.boolean().optional().describe('只打印一屏数据后结束（不实时刷新）'),
  }),
  examples: ['monitor top --once'],
  async run(ctx, { once }) {
    let previous: { at: number; requests: number } | undefined;
    return runLive(
      ctx,
      async (rows) => {
        const [s, r, h] = await Promise.all([
          invoke<ServerInfo>(ctx.api, M.server),
          invoke<RuntimeInfo>(ctx.api, M.runtime),
          invoke<HttpInfo>(ctx.api, M.http),
        ]);
        const rate =
          previous && h.at > previous.at
            ? ((h.requests - previous.requests) * 1000) / (h.at - previous.at)
            : 0;
        previous = { at: h.at, requests: h.requests };
        const used = s.memoryTotal - s.memoryFree;
        const gc = r.gc.map((g) => `${g.kind} ${g.count}次 ${Math.round(g.totalMs)}ms`).join('  ') || '暂无';
        const handles = r.handles.map((x) => `${x.type} ${x.count}`).join('  ') || '0';
        const lines = [
          title('monitor top 实时监控', s.instance, s.at),
          '',
          row([
            ['CPU', 8],
            [`系统 ${percent(s.systemCpu)}`, 14],
            [`进程 ${percent(s.processCpu)}`, 14],
            [`负载 ${s.load.join(' ')}`, 24],
            [`${s.cpuCount} 核`, 6],
          ]),
          row([
            ['内存', 8],
            [`系统 ${bytes(used)}/${bytes(s.memoryTotal)}`, 30],
            [`进程 RSS ${bytes(s.processMemory)}`, 24],
          ]),
          row([
            ['V8 堆', 8],
            [`已用 ${bytes(r.heapUsed)}/${bytes(r.heapTotal)}`, 30],
            [`上限 ${bytes(r.heapLimit)}`, 18],
            [`堆外 ${bytes(r.external)}`, 16],
          ]),
          row([
            ['事件循环', 8],
            [`延迟 p50 ${r.eventLoop.p50}ms p99 ${r.eventLoop.p99}ms 最大 ${r.eventLoop.max}ms`, 48],
            [`利用率 ${percent(r.eventLoopUtilization)}`, 16],
          ]),
          row([
            ['GC', 8],
            [gc, 70],
          ]),
          row([
            ['HTTP', 8],
            [`请求 ${h.requests} (${rate.toFixed(1)}/s)`, 22],
            [`4xx ${h.refused}`, 10],
            [`5xx ${h.errors}`, 9],
            [`进行中 ${h.inFlight}`, 10],
            [`WS ${h.sockets.grid + h.sockets.notice}`, 8],
          ]),
          row([
            ['句柄', 8],
            [handles, 70],
          ]),
          row([
            ['运行', 8],
            [`进程 ${duration(s.processUptimeSeconds)}`, 16],
            [`系统 ${duration(s.systemUptimeSeconds)}`, 16],
            [`Node ${s.nodeVersion}`, 16],
            [`线程 ${r.threads ?? '-'}`, 10],
          ]),
          '',
          row([
            ['次数', -8],
            ['平均ms', -8],
            ['方法', 6],
            ['路由', 54],
          ]),
        ];
        const room = Number.isFinite(rows) ? Math.max(0, rows - lines.length) : h.routes.length;
        for (const x of h.routes.slice(0, room))
          lines.push(
            row([
              [x.count, -8],
              [x.meanMs, -8],
              [x.method, 6],
              [x.route, 54],
            ]),
          );
        return lines;
      },
      { once, line: 'monitor top' },
    );
  },
});

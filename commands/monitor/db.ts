import { z } from 'zod';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { DatabaseInfo } from '../../src/shared/monitor.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { defineCommand } from '../core/define-command.ts';
import { FRAME_COLUMNS, runLive } from '../core/live.ts';
import { truncateText } from '../core/text-width.ts';
import { bytes, percent, row, title } from './figures.ts';

/**
 * `monitor db`: the database on one screen — connections by state, locks, cache hit ratio, this
 * instance's pool, the slowest statements (or why there are none) and the largest tables —
 * redrawn in place once a second until `q` or Ctrl+C (`--once`: one frame, then end).
 */
export default defineCommand({
  id: 'monitor.db',
  title: '数据库实时监控',
  category: '系统监控',
  aliases: ['dbtop'],
  keywords: ['监控', '数据库', '连接', '锁', '慢查询'],
  permission: PERM.monitor.db,
  args: z.object({
    once: z.boolean().optional().describe('只打印一屏数据后结束（不实时刷新）'),
  }),
  examples: ['monitor db --once'],
  async run(ctx, { once }) {
    return runLive(
      ctx,
      async (rows) => {
        const d = await invoke<DatabaseInfo>(ctx.api, ENDPOINTS.monitor.database);
        const connections = d.connections
          ? d.connections.map((c) => `${c.state} ${c.count}`).join('  ')
          : '未报告';
        const held = d.locks.filter((l) => l.granted).reduce((n, l) => n + l.count, 0);
        const waiting = d.locks.filter((l) => !l.granted).reduce((n, l) => n + l.count, 0);
        const lines = [
          title('monitor db 数据库监控', d.instance, d.at),
          '',
          row([
            ['引擎', 8],
            [`${d.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${d.version}`, 28],
            [`大小 ${bytes(d.databaseBytes)}`, 18],
            [`估计行数 ${d.estimatedRows}`, 20],
          ]),
          row([
            ['连接', 8],
            [connections, 70],
          ]),
          row([
            ['锁', 8],
            [`持有 ${held}`, 12],
            [`等待 ${waiting}`, 12],
            [`缓存命中 ${d.cacheHitRatio === null ? '未报告' : percent(d.cacheHitRatio)}`, 20],
          ]),
          row([
            ['连接池', 8],
            [
              d.pool
                ? `连接 ${d.pool.total}  空闲 ${d.pool.idle}  等待 ${d.pool.waiting}`
                : '无（内嵌 PGlite，单连接）',
              70,
            ],
          ]),
          ...d.notes.map((n) => truncateText(`  ${n}`, FRAME_COLUMNS)),
          '',
        ];
        if (d.slowest.available) {
          lines.push(
            row([
              ['平均ms', -9],
              ['次数', -8],
              ['最慢语句', 60],
            ]),
          );
          for (const s of d.slowest.rows.slice(0, 5))
            lines.push(
              row([
                [s.meanMs, -9],
                [s.calls, -8],
                [s.query.replace(/\s+/g, ' '), 60],
              ]),
            );
        } else lines.push(truncateText(`最慢语句：${d.slowest.reason}`, FRAME_COLUMNS));
        lines.push(
          '',
          row([
            ['总大小', -10],
            ['表', -10],
            ['索引', -10],
            ['行数', -9],
            ['表名', 37],
          ]),
        );
        const room = Number.isFinite(rows) ? Math.max(0, rows - lines.length) : d.tables.length;
        for (const t of d.tables.slice(0, room))
          lines.push(
            row([
              [bytes(t.totalBytes), -10],
              [bytes(t.tableBytes), -10],
              [bytes(t.indexBytes), -10],
              [t.rows, -9],
              [t.table, 37],
            ]),
          );
        return lines;
      },
      { once, line: 'monitor db' },
    );
  },
});

/**
 * 数据库监控 (modules/monitor/RedisInfo; this service keeps no Redis): PostgreSQL's connections by
 * state, locks, cache hit ratio, slowest statements (pg_stat_statements) or why there are none,
 * table and index sizes, this instance's pool; on PGlite what it can tell, and what it cannot.
 */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { DatabaseInfo } from '../../../shared/monitor.ts';
import { Card, Figures, MonitorFrame, Table, TrendChart, bytes, percent } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

const count = (n: number) => String(n);

export default function DatabasePage() {
  const monitor = useMonitor<DatabaseInfo>(ENDPOINTS.monitor.database, 5000);
  const h = monitor.history;
  return (
    <MonitorFrame title="数据库监控" monitor={monitor}>
      {(d) => (
        <>
          <Card title="概况">
            <Figures
              items={[
                ['引擎', `${d.engine === 'pglite' ? 'PGlite（内嵌）' : 'PostgreSQL'} ${d.version}`],
                ['数据库大小', bytes(d.databaseBytes)],
                ['估计行数', d.estimatedRows],
                ['缓存命中率', d.cacheHitRatio === null ? '未报告' : percent(d.cacheHitRatio)],
                ['锁（持有）', d.locks.filter((l) => l.granted).reduce((n, l) => n + l.count, 0)],
                ['锁（等待）', d.locks.filter((l) => !l.granted).reduce((n, l) => n + l.count, 0)],
                ['连接池', d.pool ? `${d.pool.total} 个连接，${d.pool.idle} 空闲` : '无（单连接）'],
                ['等待连接', d.pool ? d.pool.waiting : '—'],
              ]}
            />
            {d.notes.length > 0 && (
              <ul className="mt-2 list-disc pl-5 text-sm text-gray-700">
                {d.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </Card>
          {d.pool && (
            <TrendChart
              title="本实例连接池"
              times={h.map((x) => x.at)}
              series={[
                { name: '连接', data: h.map((x) => x.pool?.total ?? 0), format: count },
                { name: '空闲', data: h.map((x) => x.pool?.idle ?? 0), format: count },
                { name: '等待', data: h.map((x) => x.pool?.waiting ?? 0), format: count },
              ]}
            />
          )}
          <Card title="连接">
            <Table
              caption="连接到当前数据库的会话，按状态"
              rows={d.connections ?? []}
              empty="数据库未报告会话"
              columns={[
                { title: '状态', value: (x) => x.state },
                { title: '数量', value: (x) => x.count, numeric: true },
              ]}
            />
          </Card>
          <Card title="锁">
            <Table
              caption="持有或等待中的锁，按模式"
              rows={d.locks}
              empty="无"
              columns={[
                { title: '模式', value: (x) => x.mode },
                { title: '状态', value: (x) => (x.granted ? '持有' : '等待') },
                { title: '数量', value: (x) => x.count, numeric: true },
              ]}
            />
          </Card>
          <Card title="最慢语句">
            {d.slowest.available ? (
              <Table
                caption="平均耗时最长的语句（pg_stat_statements，常量已替换为参数）"
                rows={d.slowest.rows}
                columns={[
                  { title: '语句', value: (x) => <code className="break-all">{x.query}</code> },
                  { title: '次数', value: (x) => x.calls, numeric: true },
                  { title: '平均耗时', value: (x) => `${x.meanMs} ms`, numeric: true },
                  { title: '总耗时', value: (x) => `${x.totalMs} ms`, numeric: true },
                ]}
              />
            ) : (
              <p className="text-sm text-gray-700" data-testid="slowest-unavailable">
                {d.slowest.reason}
              </p>
            )}
          </Card>
          <Card title="表与索引">
            <Table
              caption="最大的表：表、索引与合计大小"
              rows={d.tables}
              columns={[
                { title: '表', value: (x) => x.table },
                { title: '估计行数', value: (x) => x.rows, numeric: true },
                { title: '表大小', value: (x) => bytes(x.tableBytes), numeric: true },
                { title: '索引大小', value: (x) => bytes(x.indexBytes), numeric: true },
                { title: '合计', value: (x) => bytes(x.totalBytes), numeric: true },
              ]}
            />
          </Card>
        </>
      )}
    </MonitorFrame>
  );
}

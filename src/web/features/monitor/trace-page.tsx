/**
 * 请求追踪 (modules/monitor/HttpTrace): the last requests this instance answered — method, path
 * (query values and secrets are never kept), status, time and account.
 */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { TraceInfo } from '../../../shared/monitor.ts';
import { Card, MonitorFrame, Table, time } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

export default function TracePage() {
  const monitor = useMonitor<TraceInfo>(ENDPOINTS.monitor.trace);
  return (
    <MonitorFrame title="请求追踪" monitor={monitor}>
      {(t) => (
        <Card title={`最近 ${t.entries.length} 个请求（每个实例保留最近 ${t.capacity} 个）`}>
          <Table
            caption="本实例最近的请求，最新在前；路径不含查询参数的值"
            testId="trace-table"
            rows={t.entries}
            empty="暂无请求"
            columns={[
              { title: '时间', value: (x) => time(x.at) },
              { title: '方法', value: (x) => x.method },
              { title: '路径', value: (x) => <span className="break-all font-mono text-xs">{x.path}</span> },
              {
                title: '状态',
                value: (x) => <span className={x.status >= 500 ? 'text-red-700' : ''}>{x.status}</span>,
                numeric: true,
              },
              { title: '耗时', value: (x) => `${x.ms} ms`, numeric: true },
              { title: '用户', value: (x) => x.user ?? '—' },
            ]}
          />
        </Card>
      )}
    </MonitorFrame>
  );
}

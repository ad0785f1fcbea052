/**
 * HTTP服务信息 (modules/monitor/TomcatInfo): the requests this instance answered by status and
 * route, errors, requests in flight, open connections and sockets.
 */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { HttpInfo } from '../../../shared/monitor.ts';
import { Card, Figures, MonitorFrame, Table, TrendChart } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

const perSecond = (v: number) => `${v.toFixed(1)}/s`;

export default function HttpPage() {
  const monitor = useMonitor<HttpInfo>(ENDPOINTS.monitor.http);
  const h = monitor.history;
  // requests per second between consecutive reads
  const rates = h.map((x, i) => {
    const p = h[i - 1];
    return p && x.at > p.at ? ((x.requests - p.requests) * 1000) / (x.at - p.at) : 0;
  });
  const errorRates = h.map((x, i) => {
    const p = h[i - 1];
    return p && x.at > p.at ? ((x.errors - p.errors) * 1000) / (x.at - p.at) : 0;
  });
  return (
    <MonitorFrame title="HTTP服务信息" monitor={monitor}>
      {(s) => (
        <>
          <Card title="概况（本实例启动以来）">
            <Figures
              items={[
                ['请求数', s.requests],
                ['服务器错误（5xx）', s.errors],
                ['被拒绝（4xx）', s.refused],
                ['平均耗时', s.requests ? `${((s.totalSeconds / s.requests) * 1000).toFixed(1)} ms` : '—'],
                ['进行中', s.inFlight],
                ['打开的连接', s.connections ?? '未监听'],
                ['实时表格连接', s.sockets.grid],
                ['通知连接', s.sockets.notice],
              ]}
            />
          </Card>
          <TrendChart
            title="每秒请求"
            times={h.map((x) => x.at)}
            series={[
              { name: '请求', data: rates, format: perSecond },
              { name: '5xx', data: errorRates, format: perSecond },
            ]}
          />
          <Card title="按状态">
            <Table
              caption="启动以来的响应，按状态类别"
              rows={s.byStatus}
              columns={[
                { title: '状态', value: (x) => x.status },
                { title: '次数', value: (x) => x.count, numeric: true },
              ]}
            />
          </Card>
          <Card title="最忙的路由">
            <Table
              caption="请求最多的路由（按路由模式，不含参数值）"
              rows={s.routes}
              columns={[
                { title: '方法', value: (x) => x.method },
                {
                  title: '路由',
                  value: (x) => <span className="break-all font-mono text-xs">{x.route}</span>,
                },
                { title: '次数', value: (x) => x.count, numeric: true },
                { title: '平均耗时', value: (x) => `${x.meanMs} ms`, numeric: true },
              ]}
            />
          </Card>
        </>
      )}
    </MonitorFrame>
  );
}

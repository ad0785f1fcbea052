/** 磁盘监控 (modules/monitor/DiskMonitoring): the volumes of the directories this server writes. */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { DiskInfo } from '../../../shared/monitor.ts';
import { Card, MonitorFrame, Table, bytes, percent } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

export default function DiskPage() {
  const monitor = useMonitor<DiskInfo>(ENDPOINTS.monitor.disk, 10_000);
  return (
    <MonitorFrame title="磁盘监控" monitor={monitor}>
      {(d) => (
        <Card title="卷">
          <ul className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {d.volumes.map((v) => {
              const used = v.total > 0 ? (v.total - v.free) / v.total : 0;
              return (
                <li key={v.name} className="rounded border border-gray-200 p-3">
                  <p className="font-medium">{v.name}</p>
                  <p className="truncate font-mono text-xs text-gray-700" title={v.path}>
                    {v.path}
                  </p>
                  <meter
                    className="mt-2 h-3 w-full"
                    min={0}
                    max={1}
                    low={0.7}
                    high={0.9}
                    optimum={0}
                    value={used}
                    aria-label={`${v.name}已用 ${percent(used)}`}
                  />
                  <p className="text-sm tabular-nums">
                    已用 {percent(used)} · 可用 {bytes(v.available)} / {bytes(v.total)}
                  </p>
                </li>
              );
            })}
          </ul>
          <Table
            caption="各卷的容量（fs.statfs）"
            rows={d.volumes}
            columns={[
              { title: '用途', value: (x) => x.name },
              { title: '目录', value: (x) => <span className="font-mono text-xs">{x.path}</span> },
              { title: '总容量', value: (x) => bytes(x.total), numeric: true },
              { title: '已用', value: (x) => bytes(x.total - x.free), numeric: true },
              { title: '可用', value: (x) => bytes(x.available), numeric: true },
            ]}
          />
        </Card>
      )}
    </MonitorFrame>
  );
}

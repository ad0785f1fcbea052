/** 服务器信息 (modules/monitor/SystemInfo): CPU, memory, load, uptime and Node of this instance. */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { ServerInfo } from '../../../shared/monitor.ts';
import { Card, Figures, MonitorFrame, TrendChart, bytes, duration, percent } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

export default function ServerPage() {
  const monitor = useMonitor<ServerInfo>(ENDPOINTS.monitor.server);
  const h = monitor.history;
  return (
    <MonitorFrame title="服务器信息" monitor={monitor}>
      {(s) => (
        <>
          <Card title="概况">
            <Figures
              items={[
                ['系统 CPU 使用率', percent(s.systemCpu)],
                ['本进程 CPU 使用率', percent(s.processCpu)],
                ['CPU', `${s.cpuCount} 核`],
                ['负载（1/5/15 分钟）', s.load.join(' / ')],
                ['系统内存', `${bytes(s.memoryTotal - s.memoryFree)} / ${bytes(s.memoryTotal)}`],
                ['本进程内存（RSS）', bytes(s.processMemory)],
                ['进程已运行', duration(s.processUptimeSeconds)],
                ['系统已运行', duration(s.systemUptimeSeconds)],
                ['进程启动时间', new Date(s.processStartTime).toLocaleString('zh-CN', { hour12: false })],
                ['Node.js', s.nodeVersion],
                ['主机', s.hostname],
                ['系统', `${s.platform} ${s.arch} ${s.release}`],
                ['CPU 型号', s.cpuModel || '—'],
                ['进程号', s.pid],
              ]}
            />
          </Card>
          <TrendChart
            title="CPU 使用率"
            times={h.map((x) => x.at)}
            series={[
              { name: '系统', data: h.map((x) => x.systemCpu), format: percent },
              { name: '本进程', data: h.map((x) => x.processCpu), format: percent },
            ]}
          />
        </>
      )}
    </MonitorFrame>
  );
}

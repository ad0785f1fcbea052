/**
 * 运行时信息 (modules/monitor/JvmInfo): the Node equivalent of JeecgBoot's JVM page — V8 heap and its
 * spaces, garbage collections, event-loop delay and utilisation, open handles, threads.
 */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { RuntimeInfo } from '../../../shared/monitor.ts';
import { Card, Figures, MonitorFrame, Table, TrendChart, bytes, percent } from './monitor-parts.tsx';
import { useMonitor } from './use-monitor.ts';

const ms = (v: number) => `${v.toFixed(1)} ms`;

export default function RuntimePage() {
  const monitor = useMonitor<RuntimeInfo>(ENDPOINTS.monitor.runtime);
  const h = monitor.history;
  return (
    <MonitorFrame title="运行时信息" monitor={monitor}>
      {(r) => (
        <>
          <Card title="V8 堆与事件循环">
            <Figures
              items={[
                ['堆已用', bytes(r.heapUsed)],
                ['堆已申请', bytes(r.heapTotal)],
                ['堆上限', bytes(r.heapLimit)],
                ['堆外内存（external）', bytes(r.external)],
                ['ArrayBuffer', bytes(r.arrayBuffers)],
                ['进程内存（RSS）', bytes(r.rss)],
                ['事件循环延迟 p50', ms(r.eventLoop.p50)],
                ['事件循环延迟 p99', ms(r.eventLoop.p99)],
                ['事件循环延迟最大', ms(r.eventLoop.max)],
                ['事件循环利用率', percent(r.eventLoopUtilization)],
                ['进行中的 libuv 请求', r.activeRequests],
                ['系统线程', r.threads ?? '不可用'],
                ['Node.js / V8', `${r.nodeVersion} / ${r.v8Version}`],
              ]}
            />
            <p className="mt-2 text-xs text-gray-700">事件循环延迟与利用率为自上次读取以来的数值。</p>
          </Card>
          <TrendChart
            title="堆内存"
            times={h.map((x) => x.at)}
            series={[
              { name: '已用', data: h.map((x) => x.heapUsed), format: bytes },
              { name: '已申请', data: h.map((x) => x.heapTotal), format: bytes },
            ]}
          />
          <TrendChart
            title="事件循环延迟"
            times={h.map((x) => x.at)}
            series={[
              { name: 'p99', data: h.map((x) => x.eventLoop.p99), format: ms },
              { name: 'p50', data: h.map((x) => x.eventLoop.p50), format: ms },
            ]}
          />
          <Card title="堆空间">
            <Table
              caption="V8 各堆空间的大小与使用"
              rows={r.spaces}
              columns={[
                { title: '空间', value: (x) => x.space },
                { title: '大小', value: (x) => bytes(x.size), numeric: true },
                { title: '已用', value: (x) => bytes(x.used), numeric: true },
                { title: '可用', value: (x) => bytes(x.available), numeric: true },
              ]}
            />
          </Card>
          <Card title="垃圾回收">
            <Table
              caption="启动以来的垃圾回收暂停，按类型"
              rows={r.gc}
              empty="启动以来尚无垃圾回收"
              columns={[
                { title: '类型', value: (x) => x.kind },
                { title: '次数', value: (x) => x.count, numeric: true },
                { title: '暂停总时长', value: (x) => ms(x.totalMs), numeric: true },
              ]}
            />
          </Card>
          <Card title="句柄">
            <Table
              caption="打开的 libuv 句柄，按类型"
              rows={r.handles}
              empty="无"
              columns={[
                { title: '类型', value: (x) => x.type },
                { title: '数量', value: (x) => x.count, numeric: true },
              ]}
            />
          </Card>
        </>
      )}
    </MonitorFrame>
  );
}

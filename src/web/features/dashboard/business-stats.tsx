/**
 * 分析页's business figures (issue 26): KPI cards against yesterday and the same weekday last
 * week, the period's rates, a trend, orders by status, 区县 and hour, top projects and
 * technicians, for a date range, from GET /yy/ht/yyBasic/homepageDataStatistics. Every figure
 * carries its definition (src/shared/stats/metrics.ts) as a tooltip; every chart has a table for
 * screen readers and exports as PNG. Shown to holders of the 上门订单 list code only.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HOMEPAGE_STATISTICS, type HomeGroup, type HomeStatistics } from '../../../shared/stats/home.ts';
import { METRICS, changeText, formatMetric, type MetricKey } from '../../../shared/stats/metrics.ts';
import { api } from '../../lib/api-client.ts';
import { usePermissions } from '../../shell/menus/use-menu.ts';
import { grantedCodes } from '../../shell/menus/permissions-query.ts';
import type { BusinessChartProps } from './business-chart.tsx';
import { runCommand } from '../../shell/runtime.ts';

/** echarts: its own chunk, loaded when the page first draws a chart */
const BusinessChart = lazy(() => import('./business-chart.tsx'));

/** The query of the figures of a period (`begin`/`end` empty: the server's default, the last 30 days). */
export const homeStatisticsQuery = (begin: string, end: string) => ({
  queryKey: ['home', 'statistics', begin, end],
  queryFn: () =>
    api.get<HomeStatistics>(HOMEPAGE_STATISTICS.path, {
      ...(begin ? { begin } : {}),
      ...(end ? { end } : {}),
    }),
});

function MetricName({ k }: { k: MetricKey }) {
  return (
    <dt className="cursor-help text-xs text-gray-700" title={METRICS[k].definition}>
      {METRICS[k].name}
      <span className="sr-only">（{METRICS[k].definition}）</span>
    </dt>
  );
}

/** A chart with its title, its PNG export and the same figures as a table for screen readers. */
function ChartCard({
  title,
  chart,
  columns,
  rows,
}: {
  title: string;
  chart: BusinessChartProps;
  columns: string[];
  rows: Array<Array<string | number>>;
}) {
  // the `chart png` command, as from the palette or the terminal
  const exportPng = () => void runCommand('chart.exportPng', { title }, 'button');
  return (
    <figure className="rounded bg-white p-4 shadow-sm">
      <figcaption className="mb-2 flex items-center justify-between font-medium">
        {title}
        <button type="button" className="text-sm text-[var(--primary)] underline" onClick={exportPng}>
          导出PNG<span className="sr-only">：{title}</span>
        </button>
      </figcaption>
      <Suspense fallback={<p className="h-64 text-sm text-gray-700">图表加载中…</p>}>
        <BusinessChart title={title} {...chart} />
      </Suspense>
      <table className="sr-only">
        <caption>{title}（数据表）</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((v, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {v}
                  </th>
                ) : (
                  <td key={j}>{v}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function TopTable({ title, groups, amount }: { title: string; groups: HomeGroup[]; amount: string }) {
  return (
    <section className="rounded bg-white p-4 shadow-sm">
      <h4 className="mb-2 font-medium">{title}</h4>
      {groups.length === 0 ? (
        <p className="text-sm text-gray-700">暂无数据</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-gray-700">
              <th scope="col">名称</th>
              <th scope="col" className="text-right">
                订单数
              </th>
              <th scope="col" className="text-right">
                {amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key}>
                <th scope="row" className="text-left font-normal">
                  {g.label}
                </th>
                <td className="text-right tabular-nums">{g.orders}</td>
                <td className="text-right tabular-nums">{g.amount ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Figures({ s }: { s: HomeStatistics }) {
  const groupRows = (gs: HomeGroup[], money = false) =>
    gs.map((g) => (money ? [g.label, g.orders, g.amount ?? '0.00'] : [g.label, g.orders]));
  return (
    <>
      <section aria-labelledby="kpi-title" className="rounded bg-white p-4 shadow-sm">
        <h3 id="kpi-title" className="mb-3 font-medium">
          今日经营（{s.today}）
        </h3>
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4 xl:grid-cols-7">
          {s.kpis.map((k) => (
            <div key={k.key} className="rounded border border-gray-200 p-2" data-testid={`kpi-${k.key}`}>
              <MetricName k={k.key} />
              <dd className="text-xl font-semibold tabular-nums">{formatMetric(k.key, k.value)}</dd>
              {k.key === 'onDuty' ? (
                <dd className="text-xs text-gray-700">实时</dd>
              ) : (
                <>
                  <dd className="text-xs text-gray-700">较昨日 {changeText(k.value, k.yesterday)}</dd>
                  <dd className="text-xs text-gray-700">较上周同日 {changeText(k.value, k.lastWeek)}</dd>
                </>
              )}
            </div>
          ))}
        </dl>
        <h4 className="mb-2 mt-4 text-sm font-medium">
          {s.begin} 至 {s.end}
        </h4>
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
          {s.period.map((p) => (
            <div key={p.key} className="rounded border border-gray-200 p-2">
              <MetricName k={p.key} />
              <dd className="text-lg font-semibold tabular-nums">{formatMetric(p.key, p.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ChartCard
        title="订单与GMV趋势"
        chart={{
          kind: 'line',
          labels: s.trend.map((d) => d.day.slice(5)),
          series: [
            { name: '订单数', data: s.trend.map((d) => d.orders) },
            { name: '已完成', data: s.trend.map((d) => d.completed) },
            { name: '已取消', data: s.trend.map((d) => d.cancelled) },
            { name: 'GMV(元)', data: s.trend.map((d) => Number(d.gmv)) },
          ],
        }}
        columns={['日期', '订单数', '已完成', '已取消', 'GMV(元)']}
        rows={s.trend.map((d) => [d.day, d.orders, d.completed, d.cancelled, d.gmv])}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="订单状态分布"
          chart={{
            kind: 'pie',
            labels: s.byStatus.map((g) => g.label),
            series: [{ name: '订单数', data: s.byStatus.map((g) => g.orders) }],
          }}
          columns={['状态', '订单数']}
          rows={groupRows(s.byStatus)}
        />
        <ChartCard
          title="区县订单"
          chart={{
            kind: 'bar',
            labels: s.byDistrict.map((g) => g.label),
            series: [{ name: '订单数', data: s.byDistrict.map((g) => g.orders) }],
          }}
          columns={['区县', '订单数', 'GMV(元)']}
          rows={groupRows(s.byDistrict, true)}
        />
      </div>
      <ChartCard
        title="下单时段分布"
        chart={{
          kind: 'bar',
          labels: s.byHour.map((g) => g.label),
          series: [{ name: '订单数', data: s.byHour.map((g) => g.orders) }],
        }}
        columns={['时段', '订单数']}
        rows={groupRows(s.byHour)}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopTable title="热门项目" groups={s.topProjects} amount="项目金额(元)" />
        <TopTable title="技师排行" groups={s.topTechnicians} amount="GMV(元)" />
      </div>
    </>
  );
}

/** The period picker and the figures of the period. */
export default function BusinessStats(): ReactNode {
  const { auth, allAuth } = usePermissions();
  const [range, setRange] = useState({ begin: '', end: '' });
  const allowed = grantedCodes({ auth, allAuth }).has(HOMEPAGE_STATISTICS.permission);
  const q = useQuery({ ...homeStatisticsQuery(range.begin, range.end), enabled: allowed });
  if (!allowed) return null;
  const s = q.data;
  return (
    <div className="space-y-4" data-testid="business-stats">
      <form
        className="flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm"
        aria-label="统计区间"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          setRange({ begin: String(f.get('begin') ?? ''), end: String(f.get('end') ?? '') });
        }}
      >
        <label className="text-sm">
          开始日期
          <input
            name="begin"
            type="date"
            defaultValue={s?.begin}
            key={`b${s?.begin}`}
            className="ml-2 rounded border px-2 py-1"
          />
        </label>
        <label className="text-sm">
          结束日期
          <input
            name="end"
            type="date"
            defaultValue={s?.end}
            key={`e${s?.end}`}
            className="ml-2 rounded border px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded bg-[var(--primary)] px-3 py-1 text-sm text-white">
          查询
        </button>
        {q.isError && (
          <p role="alert" className="text-sm text-red-700">
            {(q.error as Error).message || '统计加载失败'}
          </p>
        )}
      </form>
      {s ? <Figures s={s} /> : !q.isError && <p className="text-sm text-gray-700">统计加载中…</p>}
    </div>
  );
}

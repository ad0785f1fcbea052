/**
 * The parts every 系统监控 page is made of: the frame (title, instance, last read, auto refresh
 * state and its pause switch), figure lists and tables, each readable without the charts.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '../../components/ui.tsx';
import { formatBytes } from '../../../shared/format.ts';
import type { Monitor } from './use-monitor.ts';
import type { ChartSeries } from './monitor-chart.tsx';

/** echarts: its own chunk, loaded when a page first draws a chart */
const MonitorChart = lazy(() => import('./monitor-chart.tsx'));

/** A size as the file lists show it (the shared rule), — for none. */
export const bytes = (n: number | null | undefined): string => formatBytes(n) || '—';

export const percent = (share: number | null | undefined): string =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)}%`;

export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d ? `${d}天` : ''}${h}小时${m}分${d ? '' : `${s % 60}秒`}`;
}

export const time = (at: number) => new Date(at).toLocaleTimeString('zh-CN', { hour12: false });

/** A page of 系统监控: its title, whose figures, when read, and the auto refresh switch. */
export function MonitorFrame<T extends { instance: string; at: number }>({
  title,
  monitor,
  children,
}: {
  title: string;
  monitor: Monitor<T>;
  children: (data: T) => ReactNode;
}) {
  const { data, error, live, paused, setPaused, intervalMs } = monitor;
  return (
    <section aria-labelledby="monitor-title" className="space-y-4 p-4" data-testid="monitor-page">
      <header className="flex flex-wrap items-center gap-3 rounded bg-white p-3 shadow-sm">
        <h2 id="monitor-title" className="text-base font-semibold">
          {title}
        </h2>
        {data && (
          <p className="text-sm text-gray-700">
            实例 <span className="font-mono">{data.instance}</span> · 更新于{' '}
            <time dateTime={new Date(data.at).toISOString()}>{time(data.at)}</time>
          </p>
        )}
        <p className="text-sm text-gray-700" data-testid="monitor-refresh">
          {live
            ? `每 ${intervalMs / 1000} 秒自动刷新`
            : paused
              ? '自动刷新已暂停'
              : '页面不可见，自动刷新已暂停'}
        </p>
        <Button size="sm" className="ml-auto" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? '继续自动刷新' : '暂停自动刷新'}
        </Button>
      </header>
      {error && (
        <p role="alert" className="rounded bg-white p-3 text-sm text-red-700 shadow-sm">
          {error.message}
        </p>
      )}
      {data ? children(data) : !error && <p className="text-sm text-gray-700">加载中…</p>}
    </section>
  );
}

/** A titled card. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded bg-white p-4 shadow-sm">
      <h3 className="mb-3 font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs as a description list. */
export function Figures({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded border border-gray-200 p-2">
          <dt className="text-xs text-gray-700">{label}</dt>
          <dd className="text-base font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Column<R> {
  title: string;
  value(row: R): ReactNode;
  numeric?: boolean;
}

/** A plain table with a caption: the text alternative of a chart, or a list of its own. */
export function Table<R>({
  caption,
  columns,
  rows,
  empty = '无数据',
  testId,
}: {
  caption: string;
  columns: Array<Column<R>>;
  rows: R[];
  empty?: string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="mb-1 text-left text-gray-700">{caption}</caption>
        <thead>
          <tr className="border-b text-left">
            {columns.map((c) => (
              <th key={c.title} scope="col" className={`px-2 py-1 ${c.numeric ? 'text-right' : ''}`}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((r, i) => (
              <tr key={i} className="border-b border-gray-100">
                {columns.map((c) => (
                  <td key={c.title} className={`px-2 py-1 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                    {c.value(r)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={columns.length} className="px-2 py-2 text-gray-700">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart over the samples read so far (echarts, loaded on demand), described for screen readers
 * by its latest values; the same figures are on the page as text.
 */
export function TrendChart({
  title,
  series,
  times,
}: {
  title: string;
  series: ChartSeries[];
  times: number[];
}) {
  const latest = series.map((s) => `${s.name} ${s.format(s.data[s.data.length - 1] ?? 0)}`).join('，');
  return (
    <Card title={title}>
      <Suspense fallback={<p className="h-56 text-sm text-gray-700">图表加载中…</p>}>
        <MonitorChart title={title} series={series} labels={times.map(time)} summary={latest} />
      </Suspense>
    </Card>
  );
}

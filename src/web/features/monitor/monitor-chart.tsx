/**
 * The monitor's trend chart: lines over the one echarts setup (src/web/components/chart), in the
 * user's colour and mode; loaded lazily (monitor-parts.tsx), so a page shows its figures before
 * the chart library arrives. Registers under its title for `chart png`.
 */
import { EChart } from '../../components/chart/echart.tsx';

export interface ChartSeries {
  name: string;
  data: number[];
  /** the value as the tooltip and the description say it */
  format(value: number): string;
}

export default function MonitorChart({
  title,
  series,
  labels,
  summary,
}: {
  title: string;
  series: ChartSeries[];
  labels: string[];
  summary: string;
}) {
  return (
    <EChart
      title={title}
      role="img"
      aria-label={`${title}（最近 ${labels.length} 次读取）：${summary}`}
      data-testid="monitor-chart"
      className="h-56 w-full"
      deps={[series, labels]}
      build={(t) => ({
        animation: false,
        backgroundColor: t.background,
        color: t.colors,
        grid: { left: 56, right: 16, top: 32, bottom: 28 },
        tooltip: { trigger: 'axis' },
        legend: { data: series.map((s) => s.name), top: 0, textStyle: { color: t.text } },
        xAxis: { type: 'category', data: labels, axisLabel: { color: t.text } },
        yAxis: {
          type: 'value',
          axisLabel: { color: t.text, formatter: (v: number) => series[0]?.format(v) ?? String(v) },
        },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          showSymbol: false,
          data: s.data,
          tooltip: { valueFormatter: (v) => s.format(Number(v)) },
        })),
      })}
    />
  );
}

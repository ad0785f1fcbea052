/**
 * 分析页's charts: lines, bars and a pie over the one echarts setup (src/web/components/chart),
 * in the user's colour and mode; loaded lazily by business-stats.tsx. Each registers under its
 * title for `chart png` (the card's 导出PNG button runs that command).
 */
import { EChart } from '../../components/chart/echart.tsx';

export interface BusinessSeries {
  name: string;
  data: number[];
}

export interface BusinessChartProps {
  kind: 'line' | 'bar' | 'pie';
  labels: string[];
  series: BusinessSeries[];
}

export default function BusinessChart({
  title,
  kind,
  labels,
  series,
}: BusinessChartProps & { title: string }) {
  return (
    <EChart
      title={title}
      aria-hidden
      className="h-64 w-full"
      deps={[kind, labels, series]}
      build={(t) => {
        const axis = { axisLabel: { color: t.text }, axisLine: { lineStyle: { color: t.text } } };
        return kind === 'pie'
          ? {
              animation: false,
              backgroundColor: t.background,
              color: t.colors,
              tooltip: { trigger: 'item' },
              legend: { type: 'scroll', bottom: 0, textStyle: { color: t.text } },
              series: [
                {
                  type: 'pie',
                  radius: ['35%', '65%'],
                  label: { color: t.text },
                  data: labels.map((name, i) => ({ name, value: series[0]?.data[i] ?? 0 })),
                },
              ],
            }
          : {
              animation: false,
              backgroundColor: t.background,
              color: t.colors,
              grid: { left: 56, right: 16, top: 32, bottom: 28 },
              tooltip: { trigger: 'axis' },
              legend: { top: 0, textStyle: { color: t.text } },
              xAxis: { type: 'category', data: labels, ...axis },
              yAxis: { type: 'value', ...axis },
              series: series.map((s) =>
                kind === 'line'
                  ? { name: s.name, type: 'line' as const, showSymbol: false, data: s.data }
                  : { name: s.name, type: 'bar' as const, data: s.data },
              ),
            };
      }}
    />
  );
}

/**
 * The monitor's trend chart: echarts tree-shaken to lines on a grid with a tooltip and a legend
 * (SVG renderer). Only this module imports echarts, loaded lazily (monitor-parts.tsx), so a page
 * shows its figures before the chart library arrives.
 */
import { useEffect, useRef } from 'react';
import { init, use, type ComposeOption, type ECharts } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface ChartSeries {
  name: string;
  data: number[];
  /** the value as the tooltip and the description say it */
  format(value: number): string;
}

const COLORS = ['#1d4ed8', '#c2410c', '#047857', '#7c3aed'];

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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    const option: Option = {
      animation: false,
      grid: { left: 56, right: 16, top: 32, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { data: series.map((s) => s.name), top: 0, textStyle: { color: '#374151' } },
      xAxis: { type: 'category', data: labels, axisLabel: { color: '#374151' } },
      yAxis: {
        type: 'value',
        axisLabel: { color: '#374151', formatter: (v: number) => series[0]?.format(v) ?? String(v) },
      },
      series: series.map((s, i) => ({
        name: s.name,
        type: 'line',
        showSymbol: false,
        data: s.data,
        itemStyle: { color: COLORS[i % COLORS.length] },
        tooltip: { valueFormatter: (v) => s.format(Number(v)) },
      })),
    };
    chart.current?.setOption(option, { notMerge: true });
  }, [series, labels]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={`${title}（最近 ${labels.length} 次读取）：${summary}`}
      data-testid="monitor-chart"
      className="h-56 w-full"
    />
  );
}

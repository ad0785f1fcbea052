/**
 * 分析页's charts: echarts tree-shaken to lines, bars and a pie (canvas renderer, so a chart
 * exports as PNG). Only this module imports echarts, and business-stats.tsx loads it lazily, so
 * the figures show before the chart library arrives. One theme for every chart: the user's
 * colour (its readable shade first) and dark mode (settings).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { init, use, type ComposeOption, type ECharts } from 'echarts/core';
import {
  BarChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { DARK_SURFACE, themePalette } from '../../shell/theme.ts';
import { useSettings } from '../../shell/settings.ts';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface BusinessSeries {
  name: string;
  data: number[];
}

export interface BusinessChartProps {
  kind: 'line' | 'bar' | 'pie';
  labels: string[];
  series: BusinessSeries[];
}

/** What the page may ask of a drawn chart. */
export interface BusinessChartHandle {
  /** the picture as a PNG data URL (on the theme's background) */
  png(): string | undefined;
}

/** The charts' theme: series colours led by the user's colour, text and background by the mode. */
export function chartTheme(color: string, dark: boolean) {
  let primary = '#1d4ed8';
  try {
    primary = themePalette(color).primary;
  } catch {
    // an unreadable stored colour: the default blue
  }
  return {
    colors: [primary, '#c2410c', '#047857', '#7c3aed', '#b45309', '#be123c'],
    text: dark ? '#e5e7eb' : '#374151',
    background: dark ? DARK_SURFACE : '#ffffff',
  };
}

const BusinessChart = forwardRef<BusinessChartHandle, BusinessChartProps>(function BusinessChart(
  { kind, labels, series },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { color, theme } = useSettings();
  const t = chartTheme(color, theme === 'dark');
  useImperativeHandle(ref, () => ({
    png: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: t.background }),
  }));
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, undefined, { renderer: 'canvas' });
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
    const axis = { axisLabel: { color: t.text }, axisLine: { lineStyle: { color: t.text } } };
    const option: Option =
      kind === 'pie'
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
    chart.current?.setOption(option, { notMerge: true });
  }, [kind, labels, series, t.background, t.text, t.colors[0]]);
  return <div ref={box} aria-hidden="true" className="h-64 w-full" />;
});

export default BusinessChart;

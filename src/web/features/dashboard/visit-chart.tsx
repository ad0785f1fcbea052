/**
 * The visits chart of 首页: echarts tree-shaken to what it draws (bars and a line on a grid, a
 * tooltip and a legend, SVG renderer). Only this module imports echarts, and it is loaded lazily
 * (home-stats.tsx), so the chart never holds up the page.
 */
import { useEffect, useRef } from 'react';
import { init, use, type ComposeOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { VisitDay } from '../../../shared/home-stats.ts';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Logins (bars) and distinct addresses (line) per day; the picture is described for readers. */
export function VisitChart({ days }: { days: VisitDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    const option: Option = {
      animation: false,
      grid: { left: 36, right: 16, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { data: ['登录次数', '登录IP数'], top: 0, textStyle: { color: '#374151' } },
      xAxis: { type: 'category', data: days.map((d) => d.type), axisLabel: { color: '#374151' } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#374151' } },
      series: [
        { name: '登录次数', type: 'bar', data: days.map((d) => d.visit), itemStyle: { color: '#1d4ed8' } },
        { name: '登录IP数', type: 'line', data: days.map((d) => d.ip), itemStyle: { color: '#c2410c' } },
      ],
    };
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [days]);
  const summary = days.map((d) => `${d.type} 登录${d.visit}次、IP ${d.ip}个`).join('；');
  return (
    <div
      ref={box}
      role="img"
      aria-label={`近7天访问量：${summary}`}
      data-testid="visit-chart"
      className="h-64 w-full"
    />
  );
}

/**
 * The chart of a resource's stats: one bar per group (echarts tree-shaken to bars on a grid with a
 * tooltip, SVG renderer). Only this module of src/web/resources imports echarts, and the stats
 * dialog loads it lazily (resource-stats.tsx), so no list page waits for it. The picture is
 * described for readers; the dialog's table holds the same numbers.
 */
import { useEffect, useRef } from 'react';
import { init, use, type ComposeOption } from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { StatsResult } from '../../shared/resources/stats.ts';

use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Bars of a stats answer (money sums drawn from their decimal text, shown as it is). */
export default function StatsChart({ result }: { result: StatsResult }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    const option: Option = {
      animation: false,
      grid: { left: 56, right: 16, top: 16, bottom: 48 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: result.rows.map((r) => r.label),
        axisLabel: { color: '#374151', interval: 0, rotate: result.rows.length > 6 ? 30 : 0 },
      },
      yAxis: {
        type: 'value',
        ...(result.measure.fn === 'sum' ? {} : { minInterval: 1 }),
        axisLabel: { color: '#374151' },
      },
      series: [
        {
          name: result.measure.title,
          type: 'bar',
          data: result.rows.map((r) => Number(r.value)),
          itemStyle: { color: '#1d4ed8' },
        },
      ],
    };
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [result]);
  const summary = result.rows.map((r) => `${r.label} ${r.value}`).join('；');
  return (
    <div
      ref={box}
      role="img"
      aria-label={`${result.dimension.title}的${result.measure.title}：${summary || '无数据'}`}
      data-testid="stats-chart"
      className="h-72 w-full"
    />
  );
}

/**
 * The one echarts setup of the client: the library tree-shaken to lines, bars and pies on a grid
 * with a tooltip and a legend, drawn on canvas (so every chart exports as PNG), sized to its box,
 * in one theme — series colours led by the user's colour (its readable shade), text and background
 * by the mode (settings). Only this module imports echarts, and the pages load it lazily
 * (分析页's business-chart.tsx, 系统监控's monitor-chart.tsx), so figures show before the library
 * arrives. A chart given a `title` registers for the `chart png` command while it is drawn.
 */
import { useEffect, useRef } from 'react';
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
import { registerChart } from './chart-registry.ts';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface ChartTheme {
  colors: string[];
  text: string;
  background: string;
}

/** The charts' theme: series colours led by the user's colour, text and background by the mode. */
export function chartTheme(color: string, dark: boolean): ChartTheme {
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

/**
 * A chart in a box: `build` turns the theme into the option (redrawn when `deps` or the theme
 * change). `title` registers it for `chart png` (its PNG on the theme's background).
 */
export function EChart({
  build,
  deps,
  title,
  className,
  ...aria
}: {
  build(t: ChartTheme): ChartOption;
  deps: readonly unknown[];
  title?: string;
  className: string;
  role?: string;
  'aria-label'?: string;
  'aria-hidden'?: boolean;
  'data-testid'?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { color, theme } = useSettings();
  const t = chartTheme(color, theme === 'dark');
  const png = () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: t.background });
  const pngRef = useRef(png);
  pngRef.current = png;
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
  useEffect(() => (title ? registerChart(title, () => pngRef.current()) : undefined), [title]);
  useEffect(() => {
    chart.current?.setOption(build(t), { notMerge: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `build` is new each render; its inputs are `deps`
  }, [...deps, t.background, t.text, t.colors[0]]);
  return <div ref={box} className={className} {...aria} />;
}

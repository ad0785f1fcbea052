/**
 * The charts drawn on the open pages, by title, for the `chart png` command (commands/chart):
 * the `chart.png` widget downloads the named chart (or the only one) as `<title>.png`.
 */
import { registerWidget } from '../../shell/runtime.ts';

const charts = new Map<string, () => string | undefined>();

/** Make a drawn chart exportable under its title; returns the unregister function. */
export function registerChart(title: string, png: () => string | undefined): () => void {
  charts.set(title, png);
  return () => {
    if (charts.get(title) === png) charts.delete(title);
  };
}

/** Download a chart's PNG as `<title>.png`; answers the title, or throws when there is none. */
export function downloadChart(title?: string): string {
  const name = title ?? (charts.size === 1 ? [...charts.keys()][0] : undefined);
  if (!name)
    throw new Error(charts.size ? `请指定图表：${[...charts.keys()].join('、')}` : '当前页面没有图表');
  const png = charts.get(name);
  if (!png) throw new Error(`没有名为「${name}」的图表（可选：${[...charts.keys()].join('、') || '无'}）`);
  const url = png();
  if (!url) throw new Error(`图表「${name}」尚未绘制`);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.png`;
  a.click();
  return name;
}

registerWidget('chart.png', (props) => downloadChart((props?.title as string | undefined) || undefined));

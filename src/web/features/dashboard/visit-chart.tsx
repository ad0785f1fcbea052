/**
 * The visits chart of 首页: bars and a line over the one echarts setup (src/web/components/chart),
 * in the user's colour and mode; part of home-stats.tsx's lazy chunk, so it never holds up the
 * page. Registers as 近7天访问量 for `chart png`.
 */
import type { VisitDay } from '../../../shared/home-stats.ts';
import { EChart } from '../../components/chart/echart.tsx';

const TITLE = '近7天访问量';

/** Logins (bars) and distinct addresses (line) per day; the picture is described for readers. */
export function VisitChart({ days }: { days: VisitDay[] }) {
  const summary = days.map((d) => `${d.type} 登录${d.visit}次、IP ${d.ip}个`).join('；');
  return (
    <EChart
      title={TITLE}
      role="img"
      aria-label={`${TITLE}：${summary}`}
      data-testid="visit-chart"
      className="h-64 w-full"
      deps={[days]}
      build={(t) => ({
        animation: false,
        backgroundColor: t.background,
        color: t.colors,
        grid: { left: 36, right: 16, top: 36, bottom: 28 },
        tooltip: { trigger: 'axis' },
        legend: { data: ['登录次数', '登录IP数'], top: 0, textStyle: { color: t.text } },
        xAxis: { type: 'category', data: days.map((d) => d.type), axisLabel: { color: t.text } },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { color: t.text } },
        series: [
          { name: '登录次数', type: 'bar', data: days.map((d) => d.visit) },
          { name: '登录IP数', type: 'line', data: days.map((d) => d.ip) },
        ],
      })}
    />
  );
}

/**
 * 首页's statistics (jeecg-api.md §6.9 "Dashboard"): today's and all logins from /sys/loginfo,
 * the last 7 days from /sys/visitInfo as a chart. Loaded lazily by the home page; counts only, so
 * every signed-in user sees them, as on JeecgBoot's home page.
 */
import { useQuery } from '@tanstack/react-query';
import { HOME_STATS, type LoginInfo, type VisitDay } from '../../../shared/home-stats.ts';
import { callTo } from '../../lib/api-client.ts';
import { VisitChart } from './visit-chart.tsx';

export default function HomeStats() {
  const info = useQuery({
    queryKey: ['home', 'loginfo'],
    queryFn: () => callTo<LoginInfo>(HOME_STATS.loginfo),
  });
  const days = useQuery({
    queryKey: ['home', 'visitInfo'],
    queryFn: () => callTo<VisitDay[]>(HOME_STATS.visitInfo),
  });
  const figures: Array<[string, number | undefined]> = [
    ['今日登录', info.data?.todayVisitCount],
    ['今日IP', info.data?.todayIp],
    ['总登录次数', info.data?.totalVisitCount],
  ];
  return (
    <section aria-labelledby="home-stats-title" className="rounded bg-white p-4 shadow-sm">
      <h3 id="home-stats-title" className="mb-3 font-medium">
        访问统计
      </h3>
      <dl className="mb-4 grid grid-cols-3 gap-2 text-center">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded border border-gray-200 p-2">
            <dt className="text-xs text-gray-700">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {days.data ? (
        <VisitChart days={days.data} />
      ) : (
        <p className="text-sm text-gray-700">{days.isError ? '统计加载失败' : '加载中…'}</p>
      )}
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { Greeting } from './greeting.tsx';
import { Kbd } from '../../components/ui.tsx';
import { RecentCommands } from './recent-commands.tsx';

/** The statistics and their chart: their own chunk (echarts), fetched after the page shows. */
const HomeStats = lazy(() => import('./home-stats.tsx'));
/** The business figures (orders, GMV, technicians): their own chunk, their charts another. */
const BusinessStats = lazy(() => import('./business-stats.tsx'));

/**
 * 首页 / 分析页: greeting, the keyboard entry points, the business figures (holders of the 上门订单
 * list code) and the visit statistics (counts only, for everyone).
 */
export default function AnalysisPage() {
  return (
    <div className="space-y-4 p-4">
      <Greeting>
        <p className="mt-2 text-sm text-gray-600">
          按 <Kbd>Ctrl+K</Kbd> 打开命令面板（支持中文、拼音、首字母、英文），按 <Kbd>Ctrl+`</Kbd>{' '}
          打开终端，输入 help 查看全部命令。
        </p>
      </Greeting>
      <Suspense fallback={<p className="text-sm text-gray-700">经营数据加载中…</p>}>
        <BusinessStats />
      </Suspense>
      <Suspense fallback={<p className="text-sm text-gray-700">统计加载中…</p>}>
        <HomeStats />
      </Suspense>
      <RecentCommands />
    </div>
  );
}

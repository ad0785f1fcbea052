/**
 * A job's run history (详细信息 → 执行记录): newest first, re-read every few seconds while shown,
 * so a run appears as it happens.
 */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../shared/api.ts';
import { JOB_ENDPOINTS, QUARTZ_JOB, RUN_TEXT, type JobRun } from '../../../shared/resources/quartz-job.ts';
import { callTo } from '../../lib/api-client.ts';

export function JobRuns({ jobId }: { jobId: string }) {
  const { data, isLoading } = useQuery({
    queryKey: [...QUARTZ_JOB.queryKey, 'runs', jobId],
    queryFn: () => callTo<Page<JobRun>>(JOB_ENDPOINTS.runs, { query: { jobId, pageSize: 50 } }),
    refetchInterval: 2000,
  });
  if (isLoading) return <p className="text-sm text-gray-600">加载中…</p>;
  const runs = data?.records ?? [];
  if (!runs.length) return <p className="text-sm text-gray-600">还没有执行记录</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="执行记录">
        <thead>
          <tr className="text-left text-gray-600">
            <th className="p-1">触发</th>
            <th className="p-1">计划时间</th>
            <th className="p-1">开始</th>
            <th className="p-1">结束</th>
            <th className="p-1">耗时(毫秒)</th>
            <th className="p-1">状态</th>
            <th className="p-1">结果/错误</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className="border-t align-top">
              <td className="p-1">{RUN_TEXT.trigger[r.trigger] ?? r.trigger}</td>
              <td className="whitespace-nowrap p-1">{r.fireTime}</td>
              <td className="whitespace-nowrap p-1">{r.startTime}</td>
              <td className="whitespace-nowrap p-1">{r.endTime ?? ''}</td>
              <td className="p-1">{r.durationMs ?? ''}</td>
              <td className={`p-1 ${r.status === 'error' ? 'text-red-700' : ''}`}>
                {RUN_TEXT.status[r.status] ?? r.status}
              </td>
              <td className="break-all p-1">{r.error ?? r.result ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

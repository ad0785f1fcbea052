/** The 时间线 tab of an order's 详细信息: every step, who, when and why, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER, ORDER_TIMELINE } from '../../../shared/resources/order.ts';
import { call } from '../../lib/api-client.ts';

interface Entry {
  time: string | null;
  action: string;
  change: string;
  reason: string | null;
  byName: string | null;
}

export const orderTimelineQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDER.queryKey, 'timeline', id],
    queryFn: () => call<Entry[]>('GET', ORDER_TIMELINE.path, { query: { id } }),
  });

export function OrderTimeline({ id }: { id: string }) {
  const { data = [], isLoading, error } = useQuery(orderTimelineQuery(id));
  if (isLoading) return <p className="text-sm text-gray-600">加载中…</p>;
  if (error) return <p className="text-sm text-red-600">加载失败：{error.message}</p>;
  return (
    <ol aria-label="订单时间线" className="space-y-2 text-sm">
      {data.map((e, i) => (
        <li key={i} className="border-l-2 border-[var(--primary)] pl-3">
          <div className="font-medium">
            {e.action} <span className="text-gray-500">{e.change}</span>
          </div>
          <div className="text-gray-600">
            {e.time ?? ''} · {e.byName ?? '系统'}
            {e.reason ? ` · ${e.reason}` : ''}
          </div>
        </li>
      ))}
    </ol>
  );
}

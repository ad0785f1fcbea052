/**
 * The 记录 tab of a resource's 详细信息 dialog: a row's declared state changes (when, action,
 * from → to, reason, who), newest first, from `GET {path}/history`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resource } from '../../shared/resources/define.ts';
import { call } from '../lib/api-client.ts';

interface HistoryEntry {
  id: string;
  actionText: string;
  fromText: string;
  toText: string;
  reason: string | null;
  changedBy: string | null;
  changedAt: string | null;
}

/** A row's state history; invalidated with the resource's other reads. */
export const stateHistoryQuery = (resource: Resource, id: string) =>
  queryOptions({
    queryKey: [...resource.queryKey, 'history', id],
    queryFn: () => call<HistoryEntry[]>('GET', resource.states!.history.path, { query: { id } }),
  });

export function StateHistory({ resource, id }: { resource: Resource; id: string }) {
  const { data = [], isLoading } = useQuery(stateHistoryQuery(resource, id));
  if (isLoading) return <p className="text-sm text-gray-600">加载中…</p>;
  if (!data.length) return <p className="text-sm text-gray-500">没有状态变更记录</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-gray-600">
          <th className="p-1">时间</th>
          <th className="p-1">操作</th>
          <th className="p-1">变更</th>
          <th className="p-1">原因</th>
          <th className="p-1">操作人</th>
        </tr>
      </thead>
      <tbody>
        {data.map((c) => (
          <tr key={c.id} className="border-t">
            <td className="p-1">{c.changedAt ?? ''}</td>
            <td className="p-1">{c.actionText}</td>
            <td className="p-1">{`${c.fromText} → ${c.toText}`}</td>
            <td className="p-1">{c.reason ?? ''}</td>
            <td className="p-1">{c.changedBy ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { useQuery } from '@tanstack/react-query';
import { dictItemsQuery } from './api/get-dict-items.ts';

/** The items of a dictionary, read-only: the 字典项 sub form of its 详细信息 dialog. */
export function DictItemList({ dictId }: { dictId: string }) {
  const items = useQuery(dictItemsQuery(dictId));
  if (items.isError) return <p role="alert">{(items.error as Error).message}</p>;
  if (!items.data) return <p className="text-sm text-gray-600">加载中…</p>;
  if (items.data.length === 0) return <p className="text-sm text-gray-500">没有查询到任何数据</p>;
  return (
    <table className="w-full text-left text-sm" aria-label="字典项">
      <thead className="text-gray-500">
        <tr>
          <th className="py-1">名称</th>
          <th>数据值</th>
          <th>描述</th>
          <th>排序</th>
          <th>状态</th>
        </tr>
      </thead>
      <tbody>
        {items.data.map((i) => (
          <tr key={String(i.id)} className="border-t">
            <td className="py-1">{String(i.itemText ?? '')}</td>
            <td>{String(i.itemValue ?? '')}</td>
            <td>{String(i.description ?? '')}</td>
            <td>{String(i.sortOrder ?? '')}</td>
            <td>{String(i.status_dictText ?? i.status ?? '')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

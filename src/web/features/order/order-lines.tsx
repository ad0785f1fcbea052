/** The 明细 tab of an order's 详细信息: its project and 加钟 lines as priced at booking. */
import { useQuery } from '@tanstack/react-query';
import { ORDER } from '../../../shared/resources/order.ts';
import { formatMoney } from '../../../shared/format.ts';
import { call } from '../../lib/api-client.ts';

interface Line {
  projectName: string;
  price: string;
  duration: number;
  quantity: number;
  amount: string;
}

export function OrderLines({ id }: { id: string }) {
  const ep = ORDER.endpoints.queryById;
  const { data, isLoading } = useQuery({
    queryKey: [...ORDER.queryKey, 'lines', id],
    queryFn: () => call<{ itemList: Line[]; extraList: Line[] }>(ep.method, ep.path, { query: { id } }),
  });
  if (isLoading || !data) return <p className="text-sm text-gray-600">加载中…</p>;
  const lines = [
    ...data.itemList.map((l) => ({ ...l, kind: '服务项目' })),
    ...data.extraList.map((l) => ({ ...l, kind: '加钟' })),
  ];
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-gray-600">
          <th className="p-1">类型</th>
          <th className="p-1">项目</th>
          <th className="p-1 text-right">单价(元)</th>
          <th className="p-1 text-right">时长(分钟)</th>
          <th className="p-1 text-right">数量</th>
          <th className="p-1 text-right">金额(元)</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i} className="border-t">
            <td className="p-1">{l.kind}</td>
            <td className="p-1">{l.projectName}</td>
            <td className="p-1 text-right tabular-nums">{formatMoney(l.price)}</td>
            <td className="p-1 text-right tabular-nums">{l.duration}</td>
            <td className="p-1 text-right tabular-nums">{l.quantity}</td>
            <td className="p-1 text-right tabular-nums">{formatMoney(l.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

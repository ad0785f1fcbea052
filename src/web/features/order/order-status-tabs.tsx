/**
 * The 上门订单 status tabs: 全部 and every state with its count in the caller's reach (the
 * statusCounts endpoint, read with the resource's other reads so commands refresh it).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER, ORDER_STATUSES, ORDER_STATUS_COUNTS } from '../../../shared/resources/order.ts';
import { call } from '../../lib/api-client.ts';

/** The value of the 全部 tab. */
export const ALL_ORDERS = 'all';

export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ORDER.queryKey, 'statusCounts'],
    queryFn: () => call<Record<string, number>>('GET', ORDER_STATUS_COUNTS.path),
  });

export function OrderStatusTabs({ value, onChange }: { value: string; onChange(status: string): void }) {
  const { data: counts = {} } = useQuery(orderCountsQuery());
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const tabs = [{ value: ALL_ORDERS, text: '全部', count: total }].concat(
    ORDER_STATUSES.map((s) => ({ value: s.value, text: s.text, count: counts[s.value] ?? 0 })),
  );
  return (
    <Tabs.Root value={value} onValueChange={onChange}>
      <Tabs.List aria-label="订单状态" className="flex flex-wrap border-b bg-white px-2">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="border-b-2 border-transparent px-3 py-1.5 text-sm text-gray-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] data-[state=active]:border-[var(--primary)] data-[state=active]:text-[var(--primary)]"
          >
            {t.text}
            <span className="ml-1 tabular-nums text-xs text-gray-500">{t.count}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}

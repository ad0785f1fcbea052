/**
 * The 上门订单 status tabs: 全部 and every state with its count in the caller's reach (the
 * statusCounts endpoint, read with the resource's other reads so commands refresh it).
 */
import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER, ORDER_STATUSES, ORDER_STATUS_COUNTS } from '../../../shared/resources/order.ts';
import { call } from '../../lib/api-client.ts';
import { ALL_STATUSES, StatusTabs } from '../../components/status-tabs.tsx';

/** The value of the 全部 tab. */
export const ALL_ORDERS = ALL_STATUSES;

export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ORDER.queryKey, 'statusCounts'],
    queryFn: () => call<Record<string, number>>('GET', ORDER_STATUS_COUNTS.path),
  });

export function OrderStatusTabs({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange(status: string): void;
  /** the list of the selected state */
  children: ReactNode;
}) {
  const { data: counts } = useQuery(orderCountsQuery());
  return (
    <StatusTabs label="订单状态" statuses={ORDER_STATUSES} counts={counts} value={value} onChange={onChange}>
      {children}
    </StatusTabs>
  );
}

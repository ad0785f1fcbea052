import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EXCEPTION_ORDER,
  EXCEPTION_STATUSES,
  EXCEPTION_STATUS_COUNTS,
} from '../../../shared/resources/exception-order.ts';
import { call } from '../../lib/api-client.ts';
import { ALL_STATUSES, StatusTabs, withStatus } from '../../components/status-tabs.tsx';
import { ResourcePage } from '../../resources/resource-page.tsx';

export const exceptionCountsQuery = () =>
  queryOptions({
    queryKey: [...EXCEPTION_ORDER.queryKey, 'statusCounts'],
    queryFn: () => call<Record<string, number>>('GET', EXCEPTION_STATUS_COUNTS.path),
  });

/**
 * 异常订单: status tabs with counts (待处理, 处理中, 已解决) over the generated page, whose row
 * actions follow the state (认领, 指派处理人, 解决) and whose row menu opens the order
 * (`exception order`).
 */
export default function ExceptionOrderPage() {
  const [status, setStatus] = useState(ALL_STATUSES);
  const { data: counts } = useQuery(exceptionCountsQuery());
  return (
    <StatusTabs
      label="处理状态"
      statuses={EXCEPTION_STATUSES}
      counts={counts}
      value={status}
      onChange={setStatus}
    >
      <div className="h-full">
        <ResourcePage
          key={status}
          resource={EXCEPTION_ORDER}
          configure={(config) => withStatus(config, status)}
        />
      </div>
    </StatusTabs>
  );
}

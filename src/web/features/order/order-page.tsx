import { useState } from 'react';
import { ORDER } from '../../../shared/resources/order.ts';
import type { ResourceRow } from '../../resources/resource-config.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderQuotePreview } from './order-quote-preview.tsx';
import { ALL_ORDERS, OrderStatusTabs } from './order-status-tabs.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { withStatus } from '../../components/status-tabs.tsx';

/**
 * 上门订单: status tabs with counts over the generated page (its grid, row actions following the
 * state, 详细信息 with 明细 and 时间线), and the booking form with the server's price preview.
 */
export default function OrderPage() {
  const [status, setStatus] = useState(ALL_ORDERS);
  return (
    <OrderStatusTabs value={status} onChange={setStatus}>
      <div className="h-full">
        <ResourcePage
          // a tab is its own list (paging starts over)
          key={status}
          resource={ORDER}
          configure={(config) => withStatus(config, status)}
          detailTabs={(row: ResourceRow) => [
            { key: 'lines', title: '明细', content: <OrderLines id={row.id} /> },
            { key: 'timeline', title: '时间线', content: <OrderTimeline id={row.id} /> },
          ]}
          formPreview={(input) => <OrderQuotePreview input={input} />}
        />
      </div>
    </OrderStatusTabs>
  );
}

import { CUSTOMER, CUSTOMER_ADDRESS } from '../../../shared/resources/customer.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import { listConfig, type ResourceRow } from '../../resources/resource-config.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';

/** A customer's addresses: the generated 客户地址 list, filtered to the customer. */
function Addresses({ userId }: { userId: string }) {
  const base = listConfig(CUSTOMER_ADDRESS);
  return (
    <ListPage
      config={{
        ...base,
        pageKey: `${base.pageKey}:${userId}`,
        url: { list: `${base.url.list}?userId=${encodeURIComponent(userId)}` },
        search: [],
        superQuery: [],
      }}
    />
  );
}

/** 客户列表: the generated customer page; a row's 详细信息 shows its addresses. */
export default function CustomerPage() {
  return (
    <ResourcePage
      resource={CUSTOMER}
      detailTabs={(row: ResourceRow) => [
        { key: 'addresses', title: '服务地址', content: <Addresses userId={row.id} /> },
      ]}
    />
  );
}

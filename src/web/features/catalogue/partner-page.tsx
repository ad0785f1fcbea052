import { useQuery } from '@tanstack/react-query';
import {
  PARTNER,
  PARTNER_STATUSES,
  PARTNER_STATUS_LOG,
  statusText,
} from '../../../shared/resources/partner.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { call } from '../../lib/api-client.ts';
import { StatusDialog } from './status-dialog.tsx';

interface StatusChange {
  id: string;
  fromStatus: string;
  toStatus: string;
  reason: string | null;
  changedBy: string | null;
  changedAt: string;
}

/** A partner's status changes, newest first (详细信息 → 状态记录). */
function StatusLog({ partnerId }: { partnerId: string }) {
  const { data = [], isLoading } = useQuery({
    queryKey: [...PARTNER.queryKey, 'statusLog', partnerId],
    queryFn: () => call<StatusChange[]>('GET', PARTNER_STATUS_LOG.path, { query: { id: partnerId } }),
  });
  if (isLoading) return <p className="text-sm text-gray-600">加载中…</p>;
  if (!data.length) return <p className="text-sm text-gray-500">没有状态变更记录</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-gray-600">
          <th className="p-1">时间</th>
          <th className="p-1">变更</th>
          <th className="p-1">原因</th>
          <th className="p-1">操作人</th>
        </tr>
      </thead>
      <tbody>
        {data.map((c) => (
          <tr key={c.id} className="border-t">
            <td className="p-1">{c.changedAt}</td>
            <td className="p-1">{`${statusText(c.fromStatus)} → ${statusText(c.toStatus)}`}</td>
            <td className="p-1">{c.reason ?? ''}</td>
            <td className="p-1">{c.changedBy ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 商户列表: the generated page, the 修改状态 dialog and each partner's status history. */
export default function PartnerPage() {
  return (
    <ResourcePage
      resource={PARTNER}
      detailTabs={(row) => [
        { key: 'statusLog', title: '状态记录', content: <StatusLog partnerId={row.id} /> },
      ]}
    >
      <StatusDialog
        widget="partner.statusForm"
        title="修改商户状态"
        command="partner.status"
        options={PARTNER_STATUSES}
        reason
      />
    </ResourcePage>
  );
}

/** 我的消息 (/isps/userAnnouncement): every notice delivered to the caller, read or not, newest first. */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../shared/api.ts';
import { NOTICE_ENDPOINTS, type NoticeItem } from '../../../shared/resources/announcement.ts';
import { callTo } from '../../lib/api-client.ts';
import { Pager } from '../../components/pager.tsx';
import { markNoticeRead } from './notice-api.ts';
import { NoticeModal } from './notice-modal.tsx';
import { PriorityTag } from './notice-bell.tsx';

export default function MyNoticesPage() {
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [viewing, setViewing] = useState<NoticeItem | null>(null);
  const { data } = useQuery({
    queryKey: ['notices', 'mine', paging],
    queryFn: () => callTo<Page<NoticeItem>>(NOTICE_ENDPOINTS.mine, { query: paging }),
    placeholderData: keepPreviousData,
  });
  const open = (n: NoticeItem) => {
    setViewing(n);
    if (n.readFlag !== '1')
      void markNoticeRead(n.anntId ?? n.id).then(() =>
        queryClient.invalidateQueries({ queryKey: ['notices'] }),
      );
  };
  return (
    <section className="rounded bg-white p-4">
      <h1 className="mb-3 text-base font-semibold">我的消息</h1>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b text-gray-700">
            <th className="py-2">标题</th>
            <th>优先级</th>
            <th>发布人</th>
            <th>发布时间</th>
            <th>状态</th>
          </tr>
        </thead>
        <tbody>
          {(data?.records ?? []).map((n) => (
            <tr key={n.id} className="border-b">
              <td className="py-2">
                <button
                  type="button"
                  className="text-left text-[#0958d9] hover:underline"
                  onClick={() => open(n)}
                >
                  {n.titile}
                </button>
              </td>
              <td>
                <PriorityTag priority={n.priority} />
              </td>
              <td>{n.sender}</td>
              <td>{n.sendTime}</td>
              <td>{n.readFlag === '1' ? '已读' : '未读'}</td>
            </tr>
          ))}
          {data && !data.records.length && (
            <tr>
              <td colSpan={5} className="py-6 text-center text-gray-600">
                暂无消息
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pager
        total={data?.total ?? 0}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
      />
      <NoticeModal notice={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

/**
 * The header bell (spec §2): unread count, a popover with two tabs (通知 / 系统消息) of the
 * newest entries with their priority tags, 查看更多 to 我的消息; a click opens the notice and marks
 * it read. Live: the notification socket asks for the list again on every release.
 */
import { useEffect, useRef, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { NOTICE_PRIORITY, type NoticeItem } from '../../../shared/resources/announcement.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { callTo } from '../../lib/api-client.ts';
import { session, useSession, type DictItem } from '../../lib/session.ts';
import { markNoticeRead, noticesByUserQuery } from './notice-api.ts';
import { NoticeModal } from './notice-modal.tsx';
import { connectNoticeSocket } from './notice-socket.ts';
import { MenuIcon } from '../../components/menu-icon.tsx';
import { announceNotice } from '../../shell/account-prefs.ts';

/** 我的消息: where 查看更多 leads. */
export const MY_NOTICES_PATH = '/isps/userAnnouncement';

const TAG_CLASS: Record<string, string> = {
  blue: 'border-blue-300 bg-blue-50 text-blue-800',
  orange: 'border-orange-300 bg-orange-50 text-orange-800',
  red: 'border-red-300 bg-red-50 text-red-800',
};

export function PriorityTag({ priority }: { priority: string }) {
  const p = NOTICE_PRIORITY[priority] ?? NOTICE_PRIORITY.L!;
  return <span className={`rounded border px-1 text-xs ${TAG_CLASS[p.color]}`}>{p.text}</span>;
}

function NoticeList({ items, onOpen }: { items: NoticeItem[]; onOpen(n: NoticeItem): void }) {
  if (!items.length) return <p className="px-3 py-6 text-center text-sm text-gray-600">暂无消息</p>;
  return (
    <ul className="max-h-80 overflow-y-auto">
      {items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className="flex w-full items-start gap-2 border-b px-3 py-2 text-left hover:bg-gray-50 focus:bg-gray-50"
            onClick={() => onOpen(n)}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-gray-900">{n.titile}</span>
              <span className="block text-xs text-gray-600">{n.sendTime ?? n.createTime}</span>
            </span>
            <PriorityTag priority={n.priority} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function NoticeBell() {
  const { token, userInfo } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<NoticeItem | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { data } = useQuery({ ...noticesByUserQuery(), enabled: !!token });

  useEffect(() => {
    if (!token || !userInfo?.id) return;
    return connectNoticeSocket(String(userInfo.id), token, {
      reload: (m) => {
        void queryClient.invalidateQueries({ queryKey: noticesByUserQuery().queryKey });
        if (m?.msgTxt) announceNotice(m.msgTxt, m.msgCategory);
      },
      dicts: () =>
        void callTo<Record<string, DictItem[]>>(ENDPOINTS.dict.queryAllDictItems)
          .then((dicts) => session.setDicts(dicts))
          .catch(() => undefined),
    });
  }, [token, userInfo?.id, queryClient]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);
  const openNotice = (n: NoticeItem) => {
    setOpen(false);
    setViewing(n);
    void markNoticeRead(n.anntId ?? n.id).then(() =>
      queryClient.invalidateQueries({ queryKey: noticesByUserQuery().queryKey }),
    );
  };

  return (
    <div
      className="relative"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        aria-label={total ? `消息通知，${total} 条未读` : '消息通知'}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative px-1 text-lg text-gray-700 hover:text-[var(--primary)]"
        onClick={() => setOpen(!open)}
      >
        {/* an SVG, not the 🔔 emoji: without an emoji font that drew as an empty box */}
        <MenuIcon name="bell" className="h-5 w-5" />
        {total > 0 && (
          <span
            aria-hidden="true"
            data-testid="notice-count"
            className="absolute -right-1 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 text-white"
          >
            {total > 99 ? '99+' : total}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="消息通知"
          className="absolute right-0 z-40 mt-1 w-80 max-w-[95vw] rounded border bg-white shadow-lg"
        >
          <Tabs.Root defaultValue="annt">
            <Tabs.List aria-label="消息类型" className="flex border-b">
              {[
                ['annt', `通知(${data?.anntMsgTotal ?? 0})`],
                ['sys', `系统消息(${data?.sysMsgTotal ?? 0})`],
              ].map(([value, label]) => (
                <Tabs.Trigger
                  key={value}
                  value={value!}
                  className="flex-1 px-3 py-2 text-sm text-gray-700 data-[state=active]:border-b-2 data-[state=active]:border-[var(--primary)] data-[state=active]:text-gray-900"
                >
                  {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="annt">
              <NoticeList items={data?.anntMsgList ?? []} onOpen={openNotice} />
            </Tabs.Content>
            <Tabs.Content value="sys">
              <NoticeList items={data?.sysMsgList ?? []} onOpen={openNotice} />
            </Tabs.Content>
          </Tabs.Root>
          <button
            type="button"
            className="block w-full border-t py-2 text-center text-sm text-[var(--primary-text,#0958d9)] hover:bg-gray-50"
            onClick={() => {
              setOpen(false);
              void navigate({ href: MY_NOTICES_PATH });
            }}
          >
            查看更多
          </button>
        </div>
      )}
      <NoticeModal notice={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** 在线用户 (system/SysUserOnlineList): live sessions by a public id (never a token); 强制退出 per row. */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../shared/api.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { ONLINE_KEY, type OnlineSession } from '../../../../commands/online/targets.ts';
import { callTo } from '../../lib/api-client.ts';
import { Pager } from '../../components/pager.tsx';
import { Button, Input } from '../../components/ui.tsx';
import { useMenu } from '../../shell/use-commands.ts';
import { runCommand, runtime } from '../../shell/runtime.ts';

export default function OnlinePage() {
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const rowActions = useMenu('online.row');
  const { data } = useQuery({
    queryKey: [...ONLINE_KEY, paging, username],
    queryFn: () =>
      callTo<Page<OnlineSession>>(ENDPOINTS.online.list, {
        query: { ...paging, ...(username ? { username } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUsername(draft.trim());
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  return (
    <section className="space-y-3 p-4">
      <form
        onSubmit={submit}
        aria-label="查询条件"
        className="flex flex-wrap items-end gap-3 rounded bg-white p-3 shadow-sm"
      >
        <label className="text-sm">
          <span className="mb-1 block text-gray-600">用户账号</span>
          <Input className="w-48" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <Button type="submit" variant="primary">
          查询
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            setUsername('');
          }}
        >
          重置
        </Button>
      </form>
      <div className="overflow-x-auto rounded bg-white p-3 shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm" aria-label="在线用户">
          <thead>
            <tr className="border-b text-gray-700">
              <th className="py-2">用户账号</th>
              <th>用户姓名</th>
              <th>登录时间</th>
              <th>IP</th>
              <th>会话</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {(data?.records ?? []).map((s) => (
              <tr key={s.id} className="border-b">
                <td className="py-2">{s.username}</td>
                <td>{s.realname}</td>
                <td>{s.loginTime}</td>
                <td>{s.ip}</td>
                <td className="font-mono text-xs">{s.id.slice(0, 8)}</td>
                <td>
                  {s.current ? (
                    <span className="text-gray-600">当前会话</span>
                  ) : (
                    rowActions.map((c) => (
                      <Button
                        key={c.id}
                        aria-label={`${c.label} ${s.username}`}
                        onClick={() =>
                          void runCommand(c.id, { ids: s.id }, 'button', { ...runtime.keys(), row: s })
                        }
                      >
                        {c.label}
                      </Button>
                    ))
                  )}
                </td>
              </tr>
            ))}
            {data && !data.records.length && (
              <tr>
                <td colSpan={6} className="py-6 text-center text-gray-600">
                  没有查询到任何数据
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
      </div>
    </section>
  );
}

/** 回收站 (system/UserRecycleBin): deleted users, restored or deleted for good (row and batch). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { RECYCLE_KEY, type BinnedUser } from '../../../../commands/recycle/targets.ts';
import { callTo } from '../../lib/api-client.ts';
import { Button } from '../../components/ui.tsx';
import { useMenu } from '../../shell/use-commands.ts';
import { runCommand, runtime } from '../../shell/runtime.ts';

export default function RecycleBinPage() {
  const [selected, setSelected] = useState<string[]>([]);
  const toolbar = useMenu('recycle.toolbar');
  const rowActions = useMenu('recycle.row');
  const { data } = useQuery({
    queryKey: [...RECYCLE_KEY],
    queryFn: () => callTo<BinnedUser[]>(ENDPOINTS.recycleBin.list),
  });
  const rows = data ?? [];
  const run = async (id: string, ids: string[], row?: BinnedUser) => {
    const result = await runCommand(id, { ids: ids.join(',') }, 'button', {
      ...runtime.keys(),
      row,
      selection: ids,
    });
    if (result) setSelected([]);
  };
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return (
    <section className="space-y-3 p-4">
      <div
        className="flex flex-wrap gap-2 rounded bg-white p-3 shadow-sm"
        role="toolbar"
        aria-label="回收站操作"
      >
        {toolbar.map((c) => (
          <Button key={c.id} disabled={!selected.length} onClick={() => void run(c.id, selected)}>
            {c.label}
          </Button>
        ))}
        <span className="self-center text-sm text-gray-600">已选择 {selected.length} 项</span>
      </div>
      <div className="overflow-x-auto rounded bg-white p-3 shadow-sm">
        <table className="w-full min-w-[640px] text-left text-sm" aria-label="回收站">
          <thead>
            <tr className="border-b text-gray-700">
              <th className="w-10 py-2">
                <span className="sr-only">选择</span>
              </th>
              <th>用户账号</th>
              <th>用户姓名</th>
              <th>部门</th>
              <th>删除时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id} className="border-b">
                <td className="py-2">
                  <input
                    type="checkbox"
                    aria-label={`选择 ${u.username}`}
                    checked={selected.includes(u.id)}
                    onChange={() => toggle(u.id)}
                  />
                </td>
                <td>{u.username}</td>
                <td>{u.realname}</td>
                <td>{u.orgCodeTxt}</td>
                <td>{u.updateTime}</td>
                <td className="space-x-2">
                  {rowActions.map((c) => (
                    <Button
                      key={c.id}
                      aria-label={`${c.label} ${u.username}`}
                      onClick={() => void run(c.id, [u.id], u)}
                    >
                      {c.label}
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
            {data && !rows.length && (
              <tr>
                <td colSpan={6} className="py-6 text-center text-gray-600">
                  没有查询到任何数据
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

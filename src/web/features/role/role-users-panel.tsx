import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGING } from '../../../shared/api.ts';
import { PERM } from '../../../shared/permissions.ts';
import { Button, Input } from '../../components/ui.tsx';
import { Pager } from '../../components/pager.tsx';
import { registerWidget, runCommand, runtime } from '../../shell/runtime.ts';
import type { RoleRef } from '../../../../commands/role/targets.ts';
import { roleUsersQuery } from './api/get-role-users.ts';
import { AddRoleUsersDialog } from './add-role-users-dialog.tsx';

/**
 * 用户: the users of the role the `role.users` command opened (a row's 用户 action), below the role
 * grid: search by account, add users (picker), remove one or the ticked ones. Every change runs a
 * command (`role.addUsers`, `role.removeUsers`), so the terminal and the server checks are the same.
 */
export function RoleUsersPanel() {
  const [role, setRole] = useState<RoleRef | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [opened, setOpened] = useState(0);
  useEffect(
    () =>
      registerWidget('role.users', (props) => {
        setRole((props as { role: RoleRef }).role);
        setOpened((n) => n + 1);
      }),
    [],
  );
  // the panel is below the grid: once rendered, bring it into view with the focus
  useEffect(() => {
    if (opened) heading.current?.focus();
  }, [opened]);
  const [draft, setDraft] = useState('');
  const [params, setParams] = useState({ username: '', pageNo: 1, pageSize: PAGING.defaultSize as number });
  const [ticked, setTicked] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    setParams((p) => ({ ...p, username: '', pageNo: 1 }));
    setDraft('');
    setTicked([]);
  }, [role?.id]);
  const users = useQuery(roleUsersQuery(role?.id ?? '', params));
  if (!role) return null;

  const records = users.data?.records ?? [];
  const canEdit = runtime.can(PERM.role.edit);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams((p) => ({ ...p, username: draft.trim(), pageNo: 1 }));
  };
  const remove = async (usernames: string[]) => {
    const done = await runCommand('role.removeUsers', { role: role.roleCode, users: usernames }, 'button');
    if (done) setTicked([]);
  };

  return (
    <section aria-labelledby="role-users-title" className="rounded bg-white p-3 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2
          id="role-users-title"
          ref={heading}
          tabIndex={-1}
          className="mr-auto text-base font-semibold outline-none"
        >
          用户 - {role.roleName}（{role.roleCode}）
        </h2>
        <Button onClick={() => setRole(null)}>关闭</Button>
      </div>
      <form onSubmit={search} aria-label="用户查询" className="mb-2 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="mb-1 block text-gray-700">用户账号</span>
          <Input className="w-40" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <Button type="submit" variant="primary">
          查询
        </Button>
        {canEdit && (
          <>
            <Button onClick={() => setAdding(true)}>添加用户</Button>
            <Button variant="danger" disabled={ticked.length === 0} onClick={() => void remove(ticked)}>
              批量移除
            </Button>
          </>
        )}
      </form>
      {users.error && <p role="alert">{(users.error as Error).message}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">角色“{role.roleName}”的用户</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {canEdit && (
                <th scope="col" className="w-8 p-2">
                  <span className="sr-only">选择</span>
                </th>
              )}
              <th scope="col" className="p-2">
                用户账号
              </th>
              <th scope="col" className="p-2">
                用户名称
              </th>
              <th scope="col" className="p-2">
                手机号码
              </th>
              <th scope="col" className="p-2">
                状态
              </th>
              {canEdit && (
                <th scope="col" className="p-2">
                  操作
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {records.length === 0 && (
              <tr>
                <td colSpan={6} className="p-3 text-center text-gray-700">
                  {users.isFetching ? '加载中…' : '暂无用户'}
                </td>
              </tr>
            )}
            {records.map((u) => (
              <tr key={u.id} className="border-t">
                {canEdit && (
                  <td className="p-2">
                    <input
                      type="checkbox"
                      aria-label={`选择 ${u.username}`}
                      checked={ticked.includes(u.username)}
                      onChange={(e) =>
                        setTicked((t) =>
                          e.target.checked ? [...t, u.username] : t.filter((x) => x !== u.username),
                        )
                      }
                    />
                  </td>
                )}
                <td className="p-2">{u.username}</td>
                <td className="p-2">{u.realname}</td>
                <td className="p-2">{u.phone}</td>
                <td className="p-2">{u.status_dictText}</td>
                {canEdit && (
                  <td className="p-2">
                    <Button
                      variant="link"
                      aria-label={`移除 ${u.username}`}
                      onClick={() => void remove([u.username])}
                    >
                      移除
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        total={users.data?.total ?? 0}
        pageNo={params.pageNo}
        pageSize={params.pageSize}
        onChange={(pageNo, pageSize) => setParams((p) => ({ ...p, pageNo, pageSize }))}
      />
      <AddRoleUsersDialog role={adding ? role : null} onClose={() => setAdding(false)} />
    </section>
  );
}

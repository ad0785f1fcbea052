import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Field, Input } from '../../components/ui.tsx';
import { UserPicker } from '../../components/pickers/user-picker.tsx';
import { GrantEditor } from '../../components/permission-tree/grant-editor.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { dataRuleButton } from '../../components/data-rule-grant.tsx';
import type { DepartRoleRow } from '../../../shared/depart-role.ts';
import {
  departRolesQuery,
  deptRolePermissionsQuery,
  deptRoleTreeQuery,
  deptRoleUsersQuery,
} from './api/depart-auth.ts';

/** 部门角色: the department's roles (add, delete), and for the chosen one its users and its grants. */
export function DepartRolesTab({ departId }: { departId: string }) {
  const roles = useQuery(departRolesQuery(departId));
  const [chosen, setChosen] = useState<string | null>(null);
  const [draft, setDraft] = useState({ roleCode: '', roleName: '' });
  const role = roles.data?.find((r) => r.id === chosen);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await runCommand('dept.role.add', { depart: departId, ...draft }))
      setDraft({ roleCode: '', roleName: '' });
  };
  return (
    <div className="space-y-3">
      <form onSubmit={add} aria-label="新增部门角色" className="flex flex-wrap items-end gap-2">
        <Field label="角色编码">
          <Input value={draft.roleCode} onChange={(e) => setDraft({ ...draft, roleCode: e.target.value })} />
        </Field>
        <Field label="角色名称">
          <Input value={draft.roleName} onChange={(e) => setDraft({ ...draft, roleName: e.target.value })} />
        </Field>
        <Button type="submit" variant="primary">
          新增部门角色
        </Button>
      </form>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">部门角色</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                角色编码
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                角色名称
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {(roles.data ?? []).map((r) => (
              <tr key={r.id} className={`border-t ${r.id === chosen ? 'bg-blue-50' : ''}`}>
                <td className="px-2 py-1">{r.roleCode}</td>
                <td className="px-2 py-1">{r.roleName}</td>
                <td className="flex gap-2 px-2 py-1">
                  <Button
                    size="sm"
                    variant="link"
                    aria-pressed={r.id === chosen}
                    onClick={() => setChosen(r.id)}
                  >
                    用户与授权 {r.roleName}
                  </Button>
                  <Button
                    size="sm"
                    variant="link"
                    aria-label={`删除部门角色 ${r.roleName}`}
                    onClick={() => void runCommand('dept.role.delete', { depart: departId, roles: [r.id] })}
                  >
                    删除
                  </Button>
                </td>
              </tr>
            ))}
            {roles.data?.length === 0 && (
              <tr>
                <td colSpan={3} className="px-2 py-3 text-center text-gray-600">
                  暂无部门角色
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {role && <RoleDetail key={role.id} departId={departId} role={role} />}
    </div>
  );
}

/** The 数据规则 of a menu a department role holds (`dept.role.datarule`). */
const roleRuleButton = (departId: string) =>
  dataRuleButton('dept.role.datarule', (node, roleId) => ({
    depart: departId,
    role: roleId,
    menu: node.key,
  }));

function RoleDetail({ departId, role }: { departId: string; role: DepartRoleRow }) {
  const users = useQuery(deptRoleUsersQuery(role.id));
  const tree = useQuery(deptRoleTreeQuery(departId));
  const granted = useQuery(deptRolePermissionsQuery(role.id));
  const [picked, setPicked] = useState('');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-label={`${role.roleName}的用户`} className="space-y-2">
        <h3 className="text-sm font-semibold">{role.roleName}的用户</h3>
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Field label="添加用户">
              <UserPicker label="添加用户" value={picked} multiple departId={departId} onChange={setPicked} />
            </Field>
          </div>
          <Button
            disabled={!picked}
            onClick={async () => {
              if (await runCommand('dept.role.users', { roleId: role.id, userIds: picked.split(',') }))
                setPicked('');
            }}
          >
            添加
          </Button>
        </div>
        <ul className="divide-y rounded border text-sm">
          {(users.data ?? []).map((u) => (
            <li key={u.id} className="flex items-center justify-between px-2 py-1">
              <span>
                {u.realname || u.username} <span className="text-gray-600">({u.username})</span>
              </span>
              <Button
                size="sm"
                variant="link"
                aria-label={`移出 ${u.realname || u.username}`}
                onClick={() =>
                  void runCommand('dept.role.users', { roleId: role.id, userIds: [u.id], remove: true })
                }
              >
                移出
              </Button>
            </li>
          ))}
          {users.data?.length === 0 && <li className="px-2 py-1 text-gray-600">暂无用户</li>}
        </ul>
      </section>
      <GrantEditor
        owner={role.id}
        label={`${role.roleName}的授权`}
        nodes={tree.data?.treeList}
        granted={granted.data}
        dataRuleSlot={roleRuleButton(departId)}
        onSave={async (checked, last) =>
          !!(await runCommand('dept.role.savePermissions', {
            roleId: role.id,
            permissionIds: checked.join(','),
            lastpermissionIds: last.join(','),
          }))
        }
      />
    </div>
  );
}

import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/ui.tsx';
import { TreeSelect } from '../../components/pickers/tree-select.tsx';
import { departSource } from '../../components/pickers/sources.ts';
import { GrantEditor } from '../../components/permission-tree/grant-editor.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { departPermissionsQuery, grantableTreeQuery } from './api/depart-auth.ts';
import { DepartRolesTab } from './depart-roles-tab.tsx';
import { DataRuleGrantHost, dataRuleButton } from '../../components/data-rule-grant.tsx';

/** The 数据规则 of a menu the department holds (`dept.datarule`). */
const departRuleButton = dataRuleButton('dept.datarule', (node, departId) => ({
  depart: departId,
  menu: node.key,
}));

const TAB =
  'px-3 py-2 text-sm text-gray-700 data-[state=active]:border-b-2 data-[state=active]:border-[var(--primary)] data-[state=active]:text-gray-900';

/**
 * 部门授权: a department chosen with the department picker, then its 部门权限 (what it may hand out
 * to its roles) and its 部门角色 (roles, their users and their grants); menus with data rules offer
 * their 数据规则 in both (`dept.datarule`, `dept.role.datarule`).
 */
export function DepartAuthPanel() {
  const [departId, setDepartId] = useState('');
  return (
    <section aria-label="部门授权" className="space-y-3 rounded bg-white p-3 shadow-sm">
      <h2 className="text-sm font-semibold">部门授权</h2>
      <div className="max-w-sm">
        <Field label="部门">
          <TreeSelect label="部门" value={departId} source={departSource} onChange={setDepartId} />
        </Field>
      </div>
      {departId && (
        <Tabs.Root defaultValue="perms" key={departId}>
          <Tabs.List aria-label="部门授权" className="flex border-b">
            <Tabs.Trigger value="perms" className={TAB}>
              部门权限
            </Tabs.Trigger>
            <Tabs.Trigger value="roles" className={TAB}>
              部门角色
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="perms" className="pt-3">
            <DepartPermissionsTab departId={departId} />
          </Tabs.Content>
          <Tabs.Content value="roles" className="pt-3">
            <DepartRolesTab departId={departId} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      <DataRuleGrantHost />
    </section>
  );
}

function DepartPermissionsTab({ departId }: { departId: string }) {
  const tree = useQuery(grantableTreeQuery());
  const granted = useQuery(departPermissionsQuery(departId));
  return (
    <GrantEditor
      owner={departId}
      label="部门权限"
      nodes={tree.data?.treeList}
      granted={granted.data}
      dataRuleSlot={departRuleButton}
      onSave={async (checked, last) =>
        !!(await runCommand('dept.savePermissions', {
          departId,
          permissionIds: checked.join(','),
          lastpermissionIds: last.join(','),
        }))
      }
    />
  );
}

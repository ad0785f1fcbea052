import { useEffect, useMemo, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';
import type { RoleRef } from '../../../../commands/role/targets.ts';
import { roleTreeQuery } from './api/get-role-tree.ts';
import { rolePermissionsQuery } from './api/get-role-permissions.ts';
import { PermissionTree, type DataRuleSlot } from '../../components/permission-tree/permission-tree.tsx';
import { indexTree, toggleCheck } from '../../components/permission-tree/tree-check.ts';
import { TreeToolbar } from '../../components/permission-tree/tree-toolbar.tsx';

/**
 * 角色权限配置: the 授权 drawer the `role.authorize` command opens. The permission tree with its
 * checks (父子关联 / 取消关联, 全部勾选 / 取消全选, 展开 / 折叠); 保存 runs `role.savePermissions`
 * with what is checked now and what was checked when last saved, so only the difference is written.
 * `dataRuleSlot` is the seam of the per-role 数据规则 of menus with data rules.
 */
export function RoleAuthorizeDrawer({ dataRuleSlot }: { dataRuleSlot?: DataRuleSlot }) {
  const [role, setRole] = useState<RoleRef | null>(null);
  useEffect(
    () => registerWidget('role.authorize', (props) => setRole((props as { role: RoleRef }).role)),
    [],
  );
  return (
    <Dialog.Root open={!!role} onOpenChange={(o) => !o && setRole(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/20" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed right-0 top-0 z-50 flex h-full w-full max-w-[650px] flex-col bg-white shadow-xl"
        >
          {role && (
            <AuthorizeBody
              key={role.id}
              role={role}
              onClose={() => setRole(null)}
              {...(dataRuleSlot ? { dataRuleSlot } : {})}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AuthorizeBody({
  role,
  onClose,
  dataRuleSlot,
}: {
  role: RoleRef;
  onClose(): void;
  dataRuleSlot?: DataRuleSlot;
}) {
  const tree = useQuery(roleTreeQuery());
  const granted = useQuery(rolePermissionsQuery(role.id));
  const index = useMemo(() => indexTree(tree.data?.treeList ?? []), [tree.data]);
  const [last, setLast] = useState<Set<string> | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [linked, setLinked] = useState(true);
  const [saving, setSaving] = useState(false);
  // what the role holds, once loaded: the start of the checks and of the next diff
  useEffect(() => {
    if (!granted.data || last) return;
    setLast(new Set(granted.data));
    setChecked(new Set(granted.data));
  }, [granted.data, last]);
  useEffect(() => setExpanded(new Set((tree.data?.treeList ?? []).map((n) => n.key))), [tree.data]);

  const ready = Boolean(tree.data && last);
  const save = async (close: boolean) => {
    if (!last) return;
    setSaving(true);
    const result = await runCommand(
      'role.savePermissions',
      { roleId: role.id, permissionIds: [...checked].join(','), lastpermissionIds: [...last].join(',') },
      'button',
    );
    setSaving(false);
    if (!result) return;
    setLast(new Set(checked));
    if (close) onClose();
  };
  const error = tree.error ?? granted.error;

  return (
    <>
      <Dialog.Title className="border-b px-5 py-3 text-base font-semibold">
        角色权限配置 - {role.roleName}（{role.roleCode}）
      </Dialog.Title>
      <TreeToolbar
        label="树操作"
        className="flex flex-wrap gap-2 border-b px-5 py-2"
        index={index}
        ready={!!ready}
        linked={linked}
        setLinked={setLinked}
        setChecked={setChecked}
        setExpanded={setExpanded}
      />
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">
        {error && <p role="alert">{(error as Error).message}</p>}
        {!ready && !error && <p className="text-sm text-gray-700">加载中…</p>}
        {ready && (
          <PermissionTree
            roleId={role.id}
            nodes={tree.data!.treeList}
            checked={checked}
            expanded={expanded}
            onToggleCheck={(key) => setChecked((c) => toggleCheck(index, c, key, linked))}
            onToggleExpand={(key) =>
              setExpanded((x) => {
                const next = new Set(x);
                if (next.has(key)) next.delete(key);
                else next.add(key);
                return next;
              })
            }
            {...(dataRuleSlot ? { dataRuleSlot } : {})}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3">
        <span className="mr-auto text-xs text-gray-700" aria-live="polite">
          {ready ? `已勾选 ${checked.size} 项` : ''}
        </span>
        <Button onClick={onClose}>取消</Button>
        <Button disabled={!ready || saving} onClick={() => void save(false)}>
          保存
        </Button>
        <Button variant="primary" disabled={!ready || saving} onClick={() => void save(true)}>
          保存并关闭
        </Button>
      </div>
    </>
  );
}

/**
 * A grant editor over a permission tree (the department's 部门权限, a department role's 授权): the
 * tree's checks with 父子关联 / 取消关联, 全部勾选 / 取消全选, 展开 / 折叠 and 保存, which hands the
 * checked ids and those checked at the last save to `onSave` (a command: only the difference is
 * written), and the 数据规则 of menus with rules when given a `dataRuleSlot`.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../ui.tsx';
import type { RoleTreeNode } from '../../../shared/role.ts';
import { PermissionTree, type DataRuleSlot } from './permission-tree.tsx';
import { indexTree, toggleCheck } from './tree-check.ts';
import { TreeToolbar } from './tree-toolbar.tsx';

export function GrantEditor({
  owner,
  label,
  nodes,
  granted,
  onSave,
  dataRuleSlot,
}: {
  /** whose grants (an id: the checks restart when it changes) */
  owner: string;
  label: string;
  nodes: RoleTreeNode[] | undefined;
  granted: string[] | undefined;
  /** save; resolves false when the save failed (the checks stay as they are) */
  onSave(checked: string[], last: string[]): Promise<boolean>;
  /** the 数据规则 button of menus with data rules (given `owner`) */
  dataRuleSlot?: DataRuleSlot;
}) {
  const index = useMemo(() => indexTree(nodes ?? []), [nodes]);
  const [last, setLast] = useState<Set<string> | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [linked, setLinked] = useState(true);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setLast(null);
  }, [owner]);
  useEffect(() => {
    if (!granted || last) return;
    setLast(new Set(granted));
    setChecked(new Set(granted));
  }, [granted, last]);
  useEffect(() => setExpanded(new Set((nodes ?? []).map((n) => n.key))), [nodes]);
  const ready = Boolean(nodes && last);
  const save = async () => {
    if (!last) return;
    setSaving(true);
    const ok = await onSave([...checked], [...last]);
    setSaving(false);
    if (ok) setLast(new Set(checked));
  };
  return (
    <section aria-label={label} className="space-y-2">
      <TreeToolbar
        label={`${label}树操作`}
        className="flex flex-wrap gap-2"
        index={index}
        ready={!!ready}
        linked={linked}
        setLinked={setLinked}
        setChecked={setChecked}
        setExpanded={setExpanded}
      />
      <div className="max-h-96 overflow-y-auto rounded border border-gray-200 p-2">
        {!ready && <p className="text-sm text-gray-700">加载中…</p>}
        {ready && nodes!.length === 0 && <p className="text-sm text-gray-700">暂无可分配的权限</p>}
        {ready && (
          <PermissionTree
            roleId={owner}
            nodes={nodes!}
            {...(dataRuleSlot ? { dataRuleSlot } : {})}
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
          />
        )}
      </div>
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-gray-700" aria-live="polite">
          {ready ? `已勾选 ${checked.size} 项` : ''}
        </span>
        <Button variant="primary" disabled={!ready || saving} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </section>
  );
}

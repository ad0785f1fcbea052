import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { RoleTreeNode } from '../../../shared/role.ts';
import { isMixed, visibleNodes } from './tree-check.ts';

/**
 * What a node with data rules (`ruleFlag` 1) shows beside its name, for the holder being authorised
 * (a role, a department, a department role): the seam where the holder's 数据规则 of that menu plug
 * in (/sys/role/datarule, /sys/sysDepartPermission/datarule, /sys/sysDepartRole/datarule). Nothing
 * is shown when the tree is given no slot.
 */
export type DataRuleSlot = (node: RoleTreeNode, roleId: string) => ReactNode;

/**
 * The authorisation tree: a WAI-ARIA tree of checkboxes. ↑↓ move, → opens a branch or enters it,
 * ← closes it or goes to the parent, Home/End jump, Space checks, Enter opens or closes. One item is
 * in the tab order (roving tabindex).
 */
export function PermissionTree({
  nodes,
  checked,
  expanded,
  onToggleCheck,
  onToggleExpand,
  roleId,
  dataRuleSlot,
}: {
  /** the role being authorised (passed to `dataRuleSlot`) */
  roleId: string;
  nodes: readonly RoleTreeNode[];
  checked: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  onToggleCheck(key: string): void;
  onToggleExpand(key: string): void;
  dataRuleSlot?: DataRuleSlot;
}) {
  const shown = visibleNodes(nodes, expanded);
  const [active, setActive] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const current = shown.find((s) => s.node.key === active) ?? shown[0];
  const moveTo = (key: string | undefined) => {
    if (!key) return;
    setActive(key);
    refs.current.get(key)?.focus();
  };
  // an item closed away under its parent: the parent takes the focus
  useEffect(() => {
    if (active && !shown.some((s) => s.node.key === active) && document.activeElement === document.body)
      setActive(null);
  }, [active, shown]);

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, node: RoleTreeNode, index: number) => {
    const branch = Boolean(node.children?.length);
    const open = expanded.has(node.key);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(shown[index + 1]?.node.key),
      ArrowUp: () => moveTo(shown[index - 1]?.node.key),
      Home: () => moveTo(shown[0]?.node.key),
      End: () => moveTo(shown[shown.length - 1]?.node.key),
      ArrowRight: () =>
        branch && !open ? onToggleExpand(node.key) : branch ? moveTo(node.children![0]!.key) : undefined,
      ArrowLeft: () => (branch && open ? onToggleExpand(node.key) : moveTo(node.parentId ?? undefined)),
      ' ': () => onToggleCheck(node.key),
      Enter: () => (branch ? onToggleExpand(node.key) : onToggleCheck(node.key)),
    };
    const act = keys[e.key];
    if (!act || e.target !== e.currentTarget) return;
    e.preventDefault();
    act();
  };

  return (
    <ul role="tree" aria-label="权限树" className="text-sm">
      {shown.map(({ node, level }, index) => {
        const branch = Boolean(node.children?.length);
        const on = checked.has(node.key);
        const mixed = isMixed(node, checked);
        return (
          <li
            key={node.key}
            ref={(el) => {
              if (el) refs.current.set(node.key, el);
              else refs.current.delete(node.key);
            }}
            role="treeitem"
            aria-label={
              node.menuType === 2 && node.perms ? `${node.slotTitle} ${node.perms}` : node.slotTitle
            }
            aria-level={level}
            aria-checked={on ? 'true' : mixed ? 'mixed' : 'false'}
            aria-expanded={branch ? expanded.has(node.key) : undefined}
            aria-disabled={node.disabled && !on ? true : undefined}
            title={node.disabled && !on ? '您没有此权限，不能授予' : undefined}
            tabIndex={node.key === current?.node.key ? 0 : -1}
            onFocus={() => setActive(node.key)}
            onKeyDown={(e) => onKeyDown(e, node, index)}
            className="flex items-center gap-1 rounded px-1 py-0.5 outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]"
            style={{ paddingLeft: `${(level - 1) * 20 + 4}px` }}
          >
            {branch ? (
              <button
                type="button"
                tabIndex={-1}
                aria-label={expanded.has(node.key) ? `折叠 ${node.slotTitle}` : `展开 ${node.slotTitle}`}
                className="h-5 w-5 shrink-0 text-gray-600"
                onClick={() => onToggleExpand(node.key)}
              >
                {expanded.has(node.key) ? '▾' : '▸'}
              </button>
            ) : (
              <span className="w-5 shrink-0" aria-hidden="true" />
            )}
            <span
              aria-hidden="true"
              onClick={() => onToggleCheck(node.key)}
              className={`flex h-4 w-4 shrink-0 cursor-pointer items-center justify-center rounded border text-[11px] leading-none ${
                on
                  ? 'border-[var(--primary)] bg-[var(--primary)] text-white'
                  : mixed
                    ? 'border-[var(--primary)] text-[var(--primary)]'
                    : 'border-gray-400 bg-white'
              } ${node.disabled && !on ? 'cursor-not-allowed opacity-50' : ''}`}
            >
              {on ? '✓' : mixed ? '−' : ''}
            </span>
            <span
              className={`cursor-pointer ${node.disabled && !on ? 'text-gray-500' : 'text-gray-800'}`}
              onClick={() => onToggleCheck(node.key)}
            >
              {node.slotTitle}
              {node.menuType === 2 && node.perms ? (
                <span className="ml-1 text-xs text-gray-600">{node.perms}</span>
              ) : null}
            </span>
            {node.ruleFlag === 1 && dataRuleSlot ? dataRuleSlot(node, roleId) : null}
          </li>
        );
      })}
    </ul>
  );
}

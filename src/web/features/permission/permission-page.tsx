import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Kbd } from '../../components/ui.tsx';
import { MenuIcon } from '../../components/menu-icon.tsx';
import { below } from '../../components/popup-menu.tsx';
import { TreeGrid, type TreeColumn } from '../../components/data-grid/tree/tree-grid.tsx';
import { RowActions, RowActionsMenu } from '../../components/data-grid/list/row-actions.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { useMenu } from '../../shell/use-commands.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { PermissionTreeNode } from '../../../shared/permission-menu.ts';
import { MENUS_KEY, MENU_KIND } from '../../../../commands/menu/targets.ts';
import { MenuFormHost } from './menu-form.tsx';
import { DataRulePanelHost } from './data-rule-panel.tsx';

type MenuRow = PermissionTreeNode & { id: string; [key: string]: unknown };

/**
 * What every row command reads of a row (each takes the argument it names). Not `parent`: 编辑
 * reads it as a new parent (it saved the row at once instead of opening the form); 添加下级 takes
 * the row it was chosen on from the context keys.
 */
const rowArgs = (r: MenuRow) => ({ menu: r.id, menus: r.id });

/** Shift+F10 or the context-menu key opens a row's actions (Enter expands, as in every tree). */
const opensActions = (e: KeyboardEvent) => e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);

const COLUMNS: Array<TreeColumn<MenuRow>> = [
  { field: 'name', title: '菜单名称', width: 260 },
  {
    field: 'menuType',
    title: '菜单类型',
    width: 100,
    render: (r) => MENU_KIND[r.menuType] ?? '',
  },
  {
    field: 'icon',
    title: '图标',
    width: 70,
    render: (r) =>
      r.icon ? (
        <span title={r.icon}>
          <MenuIcon name={r.icon} />
        </span>
      ) : null,
  },
  { field: 'component', title: '组件', width: 220 },
  {
    field: 'url',
    title: '路径 / 授权标识',
    width: 220,
    render: (r) => (r.menuType === 2 ? (r.perms ?? '') : (r.url ?? '')),
  },
  { field: 'sortNo', title: '排序', width: 70 },
  {
    field: 'actions',
    title: '操作',
    render: (r) => <RowActions menu="menu.row" row={r} args={rowArgs(r)} />,
  },
];

/**
 * 菜单管理 (system/PermissionList): the whole menu tree with its buttons (GET /sys/permission/list);
 * → / ← expand and collapse, Shift+F10 opens a row's actions (编辑, 添加下级, 数据规则, 删除). Every
 * action is a command (menu.*, datarule.*); the tree reloads after each write, open rows kept open.
 */
export default function PermissionPage() {
  const toolbar = useMenu('menu.toolbar');
  // bumped whenever a command invalidates the menu reads: the tree reloads. It starts with a
  // value (no answer to wait for), else its first answer reloaded the tree the page had just asked for
  const version = useQuery({
    queryKey: [...MENUS_KEY, 'version'],
    queryFn: () => Date.now(),
    initialData: 0,
    staleTime: Infinity,
  }).data;
  const [rowMenu, setRowMenu] = useState<{ row: MenuRow; at: { x: number; y: number } } | null>(null);
  return (
    <div className="space-y-3 p-4">
      <div className="rounded bg-white p-3 shadow-sm">
        <div role="toolbar" aria-label="菜单操作" className="mb-2 flex flex-wrap items-center gap-2">
          {toolbar.map((c) => (
            <Button key={c.id} variant="primary" onClick={() => void runCommand(c.id, {}, 'button')}>
              {c.label}
            </Button>
          ))}
          <span className="text-xs text-gray-600">
            <Kbd>→</Kbd> 展开 <Kbd>←</Kbd> 收起 <Kbd>Shift+F10</Kbd> 行操作
          </span>
        </div>
        <TreeGrid<MenuRow>
          label="菜单"
          url={ENDPOINTS.permission.list.path}
          version={version}
          columns={COLUMNS}
          height={560}
          onRowKeyDown={(row, event, cell) => {
            if (!opensActions(event)) return false;
            setRowMenu({ row, at: below(cell) });
            return true;
          }}
        />
      </div>
      {rowMenu && (
        <RowActionsMenu
          menu="menu.row"
          row={rowMenu.row}
          args={rowArgs(rowMenu.row)}
          at={rowMenu.at}
          onClose={() => setRowMenu(null)}
        />
      )}
      <MenuFormHost />
      <DataRulePanelHost />
    </div>
  );
}

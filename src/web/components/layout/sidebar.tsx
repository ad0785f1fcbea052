import { useState } from 'react';
import { menuLink } from '../../lib/paths.ts';
import { Link, useRouterState } from '@tanstack/react-router';
import type { MenuNode } from '../../shell/menus/menu-model.ts';

/** Sidebar width open / collapsed (spec §2). */
export const SIDEBAR_WIDTH = { open: 200, collapsed: 80 } as const;

/** A node is active when it or one of its descendants is the current page. */
const contains = (node: MenuNode, pathname: string): boolean =>
  node.path === pathname || (node.children ?? []).some((c) => contains(c, pathname));

function Item({ node, depth, collapsed }: { node: MenuNode; depth: number; collapsed: boolean }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = contains(node, pathname);
  const [open, setOpen] = useState(active);
  const kids = (node.children ?? []).filter((c) => !c.hidden);
  const title = node.meta.title ?? node.name;
  const label = collapsed && depth === 0 ? title.slice(0, 2) : title;
  if (kids.length) {
    return (
      <li>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className={`flex w-full items-center justify-between px-4 py-2 text-left text-sm hover:text-[var(--primary)] ${active ? 'text-[var(--primary)]' : ''}`}
          style={{ paddingLeft: 16 + depth * 16 }}
          title={title}
        >
          <span className="truncate">{label}</span>
          {!collapsed && <span aria-hidden>{open ? '▾' : '▸'}</span>}
        </button>
        {open && (
          <ul>
            {kids.map((c) => (
              <Item key={c.id} node={c} depth={depth + 1} collapsed={collapsed} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  const external = node.meta.internalOrExternal && node.meta.url;
  return (
    <li>
      {external ? (
        <a
          href={node.meta.url}
          target="_blank"
          rel="noreferrer"
          className="block px-4 py-2 text-sm"
          style={{ paddingLeft: 16 + depth * 16 }}
        >
          {label}
        </a>
      ) : (
        <Link
          {...menuLink(node.path)}
          title={title}
          className={`block truncate px-4 py-2 text-sm hover:text-[var(--primary)] ${pathname === node.path ? 'bg-[var(--primary-soft)] text-[var(--primary)]' : ''}`}
          style={{ paddingLeft: 16 + depth * 16 }}
        >
          {label}
        </Link>
      )}
    </li>
  );
}

/** The side menu: the server menu's non-hidden entries. */
export function Sidebar({ menu, collapsed, dark }: { menu: MenuNode[]; collapsed: boolean; dark: boolean }) {
  return (
    <nav
      aria-label="侧边菜单"
      className={`h-full shrink-0 overflow-y-auto border-r ${dark ? 'bg-[#001529] text-gray-200' : 'bg-white text-gray-700'}`}
      style={{ width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.open }}
    >
      <div className="px-4 py-3 text-sm font-semibold">{collapsed ? '悦' : '悦到家管理控制台'}</div>
      <ul>
        {menu
          .filter((n) => !n.hidden)
          .map((n) => (
            <Item key={n.id} node={n} depth={0} collapsed={collapsed} />
          ))}
      </ul>
    </nav>
  );
}

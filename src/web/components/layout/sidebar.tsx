import { useState } from 'react';
import { menuLink } from '../../lib/paths.ts';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { MenuNode } from '../../shell/menus/menu-model.ts';
import { MenuIcon } from '../menu-icon.tsx';
import { PopupMenu, type PopupMenuItem } from '../popup-menu.tsx';

/** Sidebar width open / collapsed (spec §2). */
export const SIDEBAR_WIDTH = { open: 200, collapsed: 80 } as const;

/** A node is active when it or one of its descendants is the current page. */
const contains = (node: MenuNode, pathname: string): boolean =>
  node.path === pathname || (node.children ?? []).some((c) => contains(c, pathname));

const visibleKids = (n: MenuNode) => (n.children ?? []).filter((c) => !c.hidden);

/** The pages under a folder, flattened, for the collapsed sidebar's fly-out. */
const leaves = (n: MenuNode): MenuNode[] =>
  visibleKids(n).flatMap((c) => (visibleKids(c).length ? leaves(c) : [c]));

interface Look {
  dark: boolean;
}
const itemClass = ({ dark }: Look, active: boolean, current: boolean) =>
  current
    ? dark
      ? 'bg-[var(--primary)] text-white'
      : 'bg-[var(--primary-soft)] text-[var(--primary)]'
    : active
      ? dark
        ? 'text-[var(--primary-on-dark)]'
        : 'text-[var(--primary)]'
      : dark
        ? 'text-gray-200 hover:text-white'
        : 'text-gray-800 hover:text-[var(--primary)]';

function Item({ node, depth, look }: { node: MenuNode; depth: number; look: Look }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = contains(node, pathname);
  const [open, setOpen] = useState(active);
  const kids = visibleKids(node);
  const title = node.meta.title ?? node.name;
  const pad = { paddingLeft: 16 + depth * 16 };
  if (kids.length) {
    return (
      <li>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className={`flex min-h-9 w-full items-center gap-2 px-4 py-2 text-left text-sm ${itemClass(look, active, false)}`}
          style={pad}
        >
          {depth === 0 && <MenuIcon name={node.meta.icon} />}
          <span className="flex-1 truncate">{title}</span>
          <span aria-hidden>{open ? '▾' : '▸'}</span>
        </button>
        {open && (
          <ul>
            {kids.map((c) => (
              <Item key={c.id} node={c} depth={depth + 1} look={look} />
            ))}
          </ul>
        )}
      </li>
    );
  }
  const external = node.meta.internalOrExternal && node.meta.url;
  const cls = `flex min-h-9 items-center gap-2 px-4 py-2 text-sm ${itemClass(look, active, pathname === node.path)}`;
  const body = (
    <>
      {depth === 0 && <MenuIcon name={node.meta.icon} />}
      <span className="truncate">{title}</span>
    </>
  );
  return (
    <li>
      {external ? (
        <a href={node.meta.url} target="_blank" rel="noreferrer" className={cls} style={pad}>
          {body}
        </a>
      ) : (
        <Link
          {...menuLink(node.path)}
          aria-current={pathname === node.path ? 'page' : undefined}
          className={cls}
          style={pad}
        >
          {body}
        </Link>
      )}
    </li>
  );
}

/** Collapsed (80 px): icons only; a folder opens its pages in a fly-out menu beside it. */
function CollapsedItem({ node, look }: { node: MenuNode; look: Look }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const title = node.meta.title ?? node.name;
  const pages = leaves(node);
  const cls = `flex h-10 w-full items-center justify-center ${itemClass(look, contains(node, pathname), pathname === node.path)}`;
  if (!pages.length)
    return (
      <li>
        <Link {...menuLink(node.path)} aria-label={title} title={title} className={cls}>
          <MenuIcon name={node.meta.icon} className="h-5 w-5" />
        </Link>
      </li>
    );
  const items: PopupMenuItem[] = pages.map((p) => ({ id: p.path, label: p.meta.title ?? p.name }));
  return (
    <li>
      <button
        type="button"
        aria-label={title}
        title={title}
        aria-haspopup="menu"
        aria-expanded={!!at}
        className={cls}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          setAt({ x: r.right + 2, y: r.top });
        }}
      >
        <MenuIcon name={node.meta.icon} className="h-5 w-5" />
      </button>
      {at && (
        <PopupMenu
          label={title}
          items={items}
          at={at}
          onClose={() => setAt(null)}
          onChoose={(path) => void navigate(menuLink(path))}
        />
      )}
    </li>
  );
}

/** The side menu: the server menu's non-hidden entries, with their icons. */
export function Sidebar({ menu, collapsed, dark }: { menu: MenuNode[]; collapsed: boolean; dark: boolean }) {
  const look = { dark };
  return (
    <nav
      aria-label="侧边菜单"
      className={`h-full shrink-0 overflow-y-auto border-r ${dark ? 'bg-[#001529] text-gray-200' : 'bg-white text-gray-800'}`}
      style={{ width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.open }}
    >
      <div className="truncate px-4 py-3 text-center text-sm font-semibold">
        {collapsed ? '悦' : '悦到家管理控制台'}
      </div>
      <ul>
        {menu
          .filter((n) => !n.hidden)
          .map((n) =>
            collapsed ? (
              <CollapsedItem key={n.id} node={n} look={look} />
            ) : (
              <Item key={n.id} node={n} depth={0} look={look} />
            ),
          )}
      </ul>
    </nav>
  );
}

import { useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { menuLink } from '../../lib/paths.ts';
import type { MenuNode } from '../../shell/menus/menu-model.ts';
import { MenuIcon } from '../menu-icon.tsx';
import { PopupMenu, below } from '../popup-menu.tsx';

/** How long the pointer may travel between a root entry and its dropdown before it closes. */
const HOVER_GRACE_MS = 200;

function RootEntry({ node }: { node: MenuNode }) {
  const navigate = useNavigate();
  const kids = (node.children ?? []).filter((c) => !c.hidden);
  const [open, setOpen] = useState<{ focus: boolean; at: ReturnType<typeof below> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const title = node.meta.title ?? node.name;
  const hover = (inside: boolean, el?: Element) => {
    clearTimeout(timer.current);
    if (inside && el) setOpen((o) => o ?? { focus: false, at: below(el) });
    else if (!inside) timer.current = setTimeout(() => setOpen(null), HOVER_GRACE_MS);
  };
  if (!kids.length)
    return (
      <Link
        {...menuLink(node.path)}
        className="flex shrink-0 items-center gap-2 whitespace-nowrap px-3 py-2 hover:text-white"
      >
        <MenuIcon name={node.meta.icon} />
        {title}
      </Link>
    );
  return (
    <div
      className="shrink-0"
      onMouseEnter={(e) => hover(true, e.currentTarget)}
      onMouseLeave={() => hover(false)}
    >
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!open}
        className="flex items-center gap-2 whitespace-nowrap px-3 py-2 hover:text-white"
        onClick={(e) => setOpen({ focus: true, at: below(e.currentTarget) })}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          setOpen({ focus: true, at: below(e.currentTarget) });
        }}
      >
        <MenuIcon name={node.meta.icon} />
        {title}
        <span aria-hidden>▾</span>
      </button>
      {open && (
        <PopupMenu
          // reopening by keyboard after a hover must focus the first item
          key={String(open.focus)}
          label={title}
          items={kids.map((c) => ({ id: c.path, label: c.meta.title ?? c.name }))}
          at={open.at}
          autoFocus={open.focus}
          onHover={(inside) => hover(inside)}
          onClose={() => setOpen(null)}
          onChoose={(path) => void navigate(menuLink(path))}
        />
      )}
    </div>
  );
}

/**
 * Top-menu layout: root entries across the top; a folder's pages open in a dropdown on hover, on
 * click, or by Enter/Space/↓. The dropdown is portaled, so the bar's scrolling never clips it.
 */
export function TopMenu({ menu }: { menu: MenuNode[] }) {
  return (
    <nav
      aria-label="顶部菜单"
      className="flex h-11 shrink-0 items-center gap-1 overflow-x-auto bg-[#001529] px-3 text-sm text-gray-200"
    >
      {menu
        .filter((n) => !n.hidden)
        .map((n) => (
          <RootEntry key={n.id} node={n} />
        ))}
    </nav>
  );
}

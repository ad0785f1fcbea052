import { menuLink } from '../../lib/paths.ts';
import { Link } from '@tanstack/react-router';
import type { MenuNode } from '../../shell/menus/menu-model.ts';

/** Top-menu layout: root entries across the top, their pages in a hover list. */
export function TopMenu({ menu }: { menu: MenuNode[] }) {
  return (
    <nav
      aria-label="顶部菜单"
      className="flex h-11 items-center gap-1 overflow-x-auto bg-[#001529] px-3 text-sm text-gray-200"
    >
      {menu
        .filter((n) => !n.hidden)
        .map((n) => {
          const kids = (n.children ?? []).filter((c) => !c.hidden);
          return (
            <div key={n.id} className="group relative">
              <Link {...menuLink(kids[0]?.path ?? n.path)} className="block px-3 py-2 hover:text-white">
                {n.meta.title}
              </Link>
              {kids.length > 0 && (
                <ul className="absolute left-0 z-40 hidden min-w-40 rounded bg-white py-1 text-gray-700 shadow group-hover:block">
                  {kids.map((c) => (
                    <li key={c.id}>
                      <Link {...menuLink(c.path)} className="block px-3 py-1 hover:bg-gray-100">
                        {c.meta.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
    </nav>
  );
}

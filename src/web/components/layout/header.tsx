import { useState } from 'react';
import { menuLink } from '../../lib/paths.ts';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session.ts';
import { welcome } from '../../lib/welcome.ts';
import { runCommand } from '../../shell/runtime.ts';
import type { MenuEntry } from '../../shell/menus/menu-model.ts';
import { Kbd } from '../ui.tsx';
import { NoticeBell } from '../../features/notice/notice-bell.tsx';
import { useMenu } from '../../shell/use-commands.ts';

/** Breadcrumb: 首页, then the matched menu ancestors; the current page is plain text. */
export function Breadcrumb({ entry }: { entry?: MenuEntry }) {
  const trail = entry
    ? [
        ...entry.parents.map((p) => ({ path: p.path, title: p.meta.title ?? p.name })),
        { path: '', title: entry.title },
      ]
    : [];
  return (
    <nav aria-label="面包屑" className="text-sm text-gray-500">
      <Link {...menuLink('/dashboard/analysis')} className="hover:text-[var(--primary)]">
        首页
      </Link>
      {trail
        .filter((t) => t.title !== '首页')
        .map((t, i, all) => (
          <span key={`${t.path}-${i}`}>
            <span className="mx-1">/</span>
            {i === all.length - 1 ? <span className="text-gray-700">{t.title}</span> : <span>{t.title}</span>}
          </span>
        ))}
    </nav>
  );
}

/** Header: sidebar toggle, breadcrumb, greeting, menu search, user menu. */
export function Header({ entry, mobile }: { entry?: MenuEntry; mobile: boolean }) {
  const { userInfo } = useSession();
  const [open, setOpen] = useState(false);
  const userMenu = useMenu('shell.userMenu');
  return (
    <header className="flex h-12 items-center gap-3 border-b bg-white px-3">
      <button
        type="button"
        aria-label="展开/收起侧边栏"
        className="text-lg text-gray-600 hover:text-[var(--primary)]"
        onClick={() => void runCommand('shell.toggleSidebar', {}, 'button')}
      >
        ☰
      </button>
      <Breadcrumb entry={entry} />
      <div className="flex-1" />
      <button
        type="button"
        className="flex items-center gap-2 rounded border px-2 py-0.5 text-sm text-gray-500 hover:border-[var(--primary)]"
        onClick={() => void runCommand('shell.openPalette', {}, 'button')}
      >
        搜索菜单 <Kbd>Ctrl+K</Kbd>
      </button>
      <button
        type="button"
        className="rounded border px-2 py-0.5 text-sm text-gray-500 hover:border-[var(--primary)]"
        onClick={() => void runCommand('shell.toggleTerminal', {}, 'button')}
      >
        终端 <Kbd>Ctrl+`</Kbd>
      </button>
      {!mobile && (
        <span className="text-sm text-gray-600">{`${welcome()}，${userInfo?.realname ?? userInfo?.username ?? ''}，欢迎你`}</span>
      )}
      <NoticeBell />
      <div className="relative">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          className="text-sm text-gray-700"
          onClick={() => setOpen(!open)}
        >
          {userInfo?.realname ?? userInfo?.username} ▾
        </button>
        {open && (
          <ul
            role="menu"
            className="absolute right-0 z-40 mt-1 w-36 rounded border bg-white py-1 text-sm shadow"
            onMouseLeave={() => setOpen(false)}
          >
            {userMenu.map((m) => (
              <li key={m.id}>
                <button
                  role="menuitem"
                  type="button"
                  className="block w-full px-3 py-1 text-left hover:bg-gray-100"
                  onClick={() => {
                    setOpen(false);
                    void runCommand(m.id, {}, 'menu');
                  }}
                >
                  {m.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

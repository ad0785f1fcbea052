import { useRef, useState } from 'react';
import { menuLink } from '../../lib/paths.ts';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session.ts';
import { welcome } from '../../lib/welcome.ts';
import { runCommand } from '../../shell/runtime.ts';
import type { MenuEntry } from '../../shell/menus/menu-model.ts';
import { Kbd } from '../ui.tsx';
import { NoticeBell } from '../../features/notice/notice-bell.tsx';
import { useMenu } from '../../shell/use-commands.ts';
import { PopupMenu, below } from '../popup-menu.tsx';
import { commandHint } from '../../shell/command-hint.ts';

/** Breadcrumb: 首页, then the matched menu ancestors; the current page is plain text. */
export function Breadcrumb({ entry }: { entry?: MenuEntry }) {
  const trail = entry
    ? [
        ...entry.parents.map((p) => ({ path: p.path, title: p.meta.title ?? p.name })),
        { path: '', title: entry.title },
      ]
    : [];
  return (
    <nav aria-label="面包屑" className="hidden min-w-0 truncate text-sm text-gray-600 md:block">
      <Link {...menuLink('/dashboard/analysis')} className="hover:text-[var(--primary)]">
        首页
      </Link>
      {trail
        .filter((t) => t.title !== '首页')
        .map((t, i, all) => (
          <span key={`${t.path}-${i}`}>
            <span className="mx-1" aria-hidden>
              /
            </span>
            {i === all.length - 1 ? (
              <span className="text-gray-800" aria-current="page">
                {t.title}
              </span>
            ) : (
              <span>{t.title}</span>
            )}
          </span>
        ))}
    </nav>
  );
}

const headerButton =
  'flex min-h-8 shrink-0 items-center gap-1 rounded border px-2 text-sm text-gray-700 hover:border-[var(--primary)] hover:text-[var(--primary)]';

/**
 * Header: sidebar toggle (☰; below 768 px it opens the menu drawer), breadcrumb, greeting (desktop
 * only), menu search, terminal, 快捷键 and the user menu. One line down to 390 px: the labels of
 * the buttons give way to their shortcuts.
 */
export function Header({ entry, mobile }: { entry?: MenuEntry; mobile: boolean }) {
  const { userInfo } = useSession();
  const [menuAt, setMenuAt] = useState<ReturnType<typeof below> | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const userMenu = useMenu('shell.userMenu');
  const name = userInfo?.realname ?? userInfo?.username ?? '';
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b bg-white px-2 md:gap-3 md:px-3">
      <button
        type="button"
        aria-label="展开/收起侧边栏"
        title={commandHint('shell.toggleSidebar', '展开/收起侧边栏')}
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded text-lg text-gray-700 hover:text-[var(--primary)]"
        onClick={() => void runCommand('shell.toggleSidebar', {}, 'button')}
      >
        ☰
      </button>
      <Breadcrumb entry={entry} />
      <div className="flex-1" />
      <button
        type="button"
        title={commandHint('shell.openPalette', '搜索菜单')}
        className={headerButton}
        onClick={() => void runCommand('shell.openPalette', {}, 'button')}
      >
        <span aria-hidden>⌕</span>
        <span>搜索菜单</span>
        <span className="hidden lg:inline">
          <Kbd>Ctrl+K</Kbd>
        </span>
      </button>
      <button
        type="button"
        title={commandHint('shell.toggleTerminal', '终端')}
        className={`${headerButton} hidden sm:flex`}
        onClick={() => void runCommand('shell.toggleTerminal', {}, 'button')}
      >
        终端{' '}
        <span className="hidden lg:inline">
          <Kbd>Ctrl+`</Kbd>
        </span>
      </button>
      <button
        type="button"
        aria-label="快捷键"
        title={commandHint('shell.shortcuts', '快捷键')}
        className={`${headerButton} hidden sm:flex`}
        onClick={() => void runCommand('shell.shortcuts', {}, 'button')}
      >
        ?
      </button>
      {!mobile && <span className="shrink-0 text-sm text-gray-700">{`${welcome()}，${name}，欢迎你`}</span>}
      <NoticeBell />
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!menuAt}
        className="flex min-h-8 max-w-28 shrink-0 items-center gap-1 text-sm text-gray-800 md:max-w-none"
        onClick={(e) => setMenuAt(menuAt ? null : below(e.currentTarget, true))}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          setMenuAt(below(e.currentTarget, true));
        }}
      >
        <span className="truncate">{name}</span> <span aria-hidden>▾</span>
      </button>
      {menuAt && (
        <PopupMenu
          label="用户菜单"
          items={userMenu.map((m) => ({ id: m.id, label: m.label }))}
          at={menuAt}
          onClose={() => setMenuAt(null)}
          onChoose={(id) => void runCommand(id, {}, 'menu')}
        />
      )}
    </header>
  );
}

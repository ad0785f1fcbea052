import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { settingsStore, useSettings } from '../../shell/settings.ts';
import { useSession } from '../../lib/session.ts';
import { tabsStore } from '../../shell/tabs.ts';
import { deviceOf, drawerStore, useDrawerOpen, usesDrawer } from '../../shell/layout-state.ts';
import { PAGE_CONTENT_ID, focusGrid, focusMain, focusPageWhenReady } from '../../shell/page-focus.ts';
import { ShortcutsSheet } from '../../shell/shortcuts-sheet.tsx';
import { useMenuIndex, usePermissions } from '../../shell/menus/use-menu.ts';
import { matchPath, type MenuNode } from '../../shell/menus/menu-model.ts';
import { useShellWidgets } from '../../shell/shell-widgets.ts';
import { startPrefsSync } from '../../shell/account-prefs.ts';
import { useGlobalKeybindings } from '../../shell/keybindings.ts';
import { registerWidget } from '../../shell/runtime.ts';
import { runInTerminal } from '../../shell/terminal/run-queue.ts';
import { loadPinyin } from '../../shell/palette/pinyin.ts';
import { Sidebar } from './sidebar.tsx';
import { Header } from './header.tsx';
import { TabsBar } from './tabs-bar.tsx';
import { TopMenu } from './top-menu.tsx';
import { SettingsDrawer } from '../../shell/settings-drawer.tsx';
import { AccountDialogs } from '../../shell/account-dialogs.tsx';
import { PopupReportHost } from '../data-grid/dialogs/popup-report-host.tsx';
// eager: keys typed right after Mod+K must land in the palette's input
import Palette from '../../shell/palette/palette.tsx';

const TerminalPanel = lazy(() => import('../../shell/terminal/terminal-panel.tsx'));

/** Scrolling further than this hides the header when auto-hide is on (spec §9). */
const AUTO_HIDE_SCROLL = 100;

function useWidth() {
  const [w, setW] = useState(window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

/** Below 768 px: the side menu as a drawer (☰ opens it; Esc, the overlay and a navigation close it). */
function MenuDrawer({ menu, dark }: { menu: MenuNode[]; dark: boolean }) {
  const open = useDrawerOpen();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => drawerStore.set(false), [pathname]);
  return (
    <Dialog.Root open={open} onOpenChange={drawerStore.set}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content aria-describedby={undefined} className="fixed left-0 top-0 z-50 h-full shadow-xl">
          <Dialog.Title className="sr-only">菜单</Dialog.Title>
          <Sidebar menu={menu} collapsed={false} dark={dark} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The signed-in frame: menus, header, tabs, page; palette and terminal on top. */
export function AppLayout() {
  const settings = useSettings();
  const { menu } = usePermissions();
  const index = useMenuIndex();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const width = useWidth();
  const device = deviceOf(width);
  const mobile = device === 'mobile';
  const drawer = usesDrawer(width);
  const username = useSession().userInfo?.username;
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [terminalOpen, setTerminalOpen] = useState(false);
  useShellWidgets();
  useGlobalKeybindings();
  useEffect(() => {
    // the palette is in this chunk; warm its pinyin tables so the first Mod+K ranks pinyin at once
    const warm = setTimeout(() => void loadPinyin().catch(() => undefined), 800);
    return () => clearTimeout(warm);
  }, []);
  useEffect(() => {
    const offs = [
      registerWidget('palette', () => setPaletteOpen(true)),
      registerWidget('terminal.toggle', () => setTerminalOpen((v) => !v)),
      // a live view asked for elsewhere (the palette) runs in the terminal panel, opened for it
      registerWidget('terminal.run', (props) => {
        runInTerminal(String(props?.line ?? ''));
        setTerminalOpen(true);
      }),
    ];
    return () => offs.forEach((o) => o());
  }, []);

  useEffect(() => {
    if (settingsStore.get().device !== device) settingsStore.update({ device });
  }, [device]);
  useEffect(() => {
    if (username) tabsStore.bindUser(username);
  }, [username]);
  // the account's look and notification choices, kept on the server (账户设置)
  useEffect(() => (username ? startPrefsSync() : undefined), [username]);
  // a navigation puts focus into the new page (its first search field or grid), not on <body>
  useEffect(() => focusPageWhenReady(), [pathname]);
  useEffect(() => registerWidget('focus.grid', focusGrid), []);

  const [headerHidden, setHeaderHidden] = useState(false);
  const chrome = (
    <>
      <Header entry={matchPath(index, pathname)} mobile={mobile} />
      {settings.multipage && <TabsBar />}
    </>
  );
  const collapsed = !settings.sidebarOpened;
  const top = settings.layout === 'topmenu' && !mobile;
  const dark = settings.theme === 'dark';
  return (
    <div className={`flex h-screen flex-col bg-gray-100 ${settings.weak ? 'invert-[.05] grayscale' : ''}`}>
      <a
        href={`#${PAGE_CONTENT_ID}`}
        className="sr-only z-[70] rounded bg-white px-3 py-2 text-sm text-[var(--primary)] shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        onClick={(e) => {
          e.preventDefault();
          focusMain();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          focusMain();
        }}
      >
        跳到主要内容
      </a>
      <div className="flex min-h-0 flex-1">
        {!top && !drawer && <Sidebar menu={menu} collapsed={collapsed} dark={dark} />}
        {!top && drawer && <MenuDrawer menu={menu} dark={dark} />}
        <div className="flex min-w-0 flex-1 flex-col">
          {top && <TopMenu menu={menu} />}
          {settings.fixedHeader && !headerHidden && chrome}
          <main
            className="min-h-0 flex-1 overflow-auto"
            onScroll={(e) =>
              setHeaderHidden(settings.autoHideHeader && e.currentTarget.scrollTop > AUTO_HIDE_SCROLL)
            }
          >
            {!settings.fixedHeader && !headerHidden && chrome}
            <div
              id={PAGE_CONTENT_ID}
              tabIndex={-1}
              className={`focus:outline-none ${settings.contentWidth === 'Fixed' && top ? 'mx-auto w-full max-w-[1200px]' : ''}`}
            >
              <Outlet />
            </div>
          </main>
          {terminalOpen && (
            <Suspense fallback={null}>
              <TerminalPanel onClose={() => setTerminalOpen(false)} />
            </Suspense>
          )}
        </div>
      </div>
      {paletteOpen && <Palette onClose={() => setPaletteOpen(false)} />}
      <SettingsDrawer />
      <AccountDialogs />
      <ShortcutsSheet />
      <PopupReportHost />
    </div>
  );
}

import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSettings } from '../../shell/settings.ts';
import { useMenuIndex, usePermissions } from '../../shell/menus/use-menu.ts';
import { matchPath } from '../../shell/menus/menu-model.ts';
import { useShellWidgets } from '../../shell/shell-widgets.ts';
import { useGlobalKeybindings } from '../../shell/keybindings.ts';
import { registerWidget } from '../../shell/runtime.ts';
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

/** Breakpoints of spec §2: below 1088 px is mobile, below 768 px the sidebar closes. */
function useWidth() {
  const [w, setW] = useState(window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

/** The signed-in frame: menus, header, tabs, page; palette and terminal on top. */
export function AppLayout() {
  const settings = useSettings();
  const { menu } = usePermissions();
  const index = useMenuIndex();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const width = useWidth();
  const mobile = width < 1088;
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
    ];
    return () => offs.forEach((o) => o());
  }, []);

  // dialogs are portaled to <body>: the theme colour must live on the document, not on this div
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--primary', settings.color);
    root.setProperty('--primary-soft', `${settings.color}1a`);
  }, [settings.color]);

  const [headerHidden, setHeaderHidden] = useState(false);
  const chrome = (
    <>
      <Header entry={matchPath(index, pathname)} mobile={mobile} />
      {settings.multipage && <TabsBar />}
    </>
  );
  const collapsed = !settings.sidebarOpened || width < 768;
  const top = settings.layout === 'topmenu' && !mobile;
  return (
    <div className={`flex h-screen flex-col bg-gray-100 ${settings.weak ? 'invert-[.05] grayscale' : ''}`}>
      <div className="flex min-h-0 flex-1">
        {!top && !(width < 768 && collapsed) && (
          <Sidebar menu={menu} collapsed={collapsed} dark={settings.theme === 'dark'} />
        )}
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
            <div className={settings.contentWidth === 'Fixed' && top ? 'mx-auto w-full max-w-[1200px]' : ''}>
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
      <PopupReportHost />
    </div>
  );
}

import { Suspense, useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ExceptionPage } from '../../features/exception/exception-page.tsx';
import { tabsStore, visit } from '../tabs.ts';
import { settingsStore } from '../settings.ts';
import { PAGES } from './component-registry.tsx';
import { matchPath, type MenuEntry } from './menu-model.ts';
import { useMenuIndex } from './use-menu.ts';
import { PRODUCT_NAME } from '../../features/auth/auth-frame.tsx';

function IframePage({ entry }: { entry: MenuEntry }) {
  return (
    <iframe title={entry.title} src={entry.url} className="h-[calc(100vh-8rem)] w-full border-0 bg-white" />
  );
}

/** Renders the menu entry of the current path: its component, an iframe, a folder redirect or a 404. */
export function MenuPage() {
  const location = useRouterState({ select: (s) => s.location });
  const index = useMenuIndex();
  const entry = matchPath(index, location.pathname);
  const fullPath = location.href;

  useEffect(() => {
    if (!entry || entry.redirect) return;
    document.title = `${entry.title} · ${PRODUCT_NAME}`;
    if (!entry.node.meta.hideTab)
      tabsStore.set(
        visit(tabsStore.get(), { key: fullPath, title: entry.title }, settingsStore.get().multipage),
      );
  }, [entry, fullPath]);

  // the route's beforeLoad already redirected unknown paths (to /404), forbidden ones (to /403), folders
  if (!entry) {
    if (location.pathname === '/404') return <ExceptionPage type="404" />;
    return location.pathname === '/403' ? <ExceptionPage type="403" /> : null;
  }
  if (entry.redirect) return null;
  if (entry.node.component.startsWith('layouts/Iframe') && entry.url) return <IframePage entry={entry} />;
  const Page = PAGES[entry.node.component];
  if (!Page) return <ExceptionPage type="404" detail={`页面组件 ${entry.node.component} 不存在`} />;
  return (
    <Suspense fallback={<p className="p-4 text-sm text-gray-600">加载中…</p>}>
      <Page key={fullPath} entry={entry} />
    </Suspense>
  );
}

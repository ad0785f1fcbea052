import { useEffect } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { registerWidget } from './runtime.ts';
import { settingsStore, type Settings } from './settings.ts';
import { close, closeLeft, closeOthers, closeRight, tabsStore } from './tabs.ts';
import { session, type DictItem, type UserInfo } from '../lib/session.ts';
import { registerFileDownloadWidget, registerFileUploadWidget } from './file-upload.ts';
import { drawerStore, usesDrawer } from './layout-state.ts';

/** Widgets every page has: tabs, settings, session. Registered while the app layout is mounted. */
export function useShellWidgets() {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      registerFileUploadWidget(),
      registerFileDownloadWidget(),
      registerWidget('sidebar.toggle', () =>
        usesDrawer(window.innerWidth)
          ? drawerStore.set(!drawerStore.get())
          : settingsStore.update({ sidebarOpened: !settingsStore.get().sidebarOpened }),
      ),
      registerWidget('settings.set', (props) => settingsStore.update(props as Partial<Settings>)),
      registerWidget('tabs.op', async (props) => {
        const { op, key } = props as { op: string; key?: string };
        const state = tabsStore.get();
        const target = key ?? state.active;
        if (op === 'refresh') {
          await router.invalidate();
          await queryClient.invalidateQueries();
          return;
        }
        const fn = { close, closeLeft, closeRight, closeOthers }[op as 'close'];
        const outcome = fn(state, target);
        if (outcome.error) throw new Error(outcome.error);
        tabsStore.set(outcome.state);
        if (outcome.navigate) await navigate({ href: outcome.navigate });
      }),
      registerWidget('session.dicts', (props) =>
        session.setDicts((props as { dicts: Record<string, DictItem[]> }).dicts),
      ),
      registerWidget('session.userInfo', (props) =>
        session.setUserInfo((props as { userInfo: UserInfo }).userInfo),
      ),
      registerWidget('session.logout', async () => {
        session.clear();
        tabsStore.reset();
        await navigate({ to: '/user/login' });
        // once the frame has gone: a query it still showed would be fetched again without a session
        queryClient.clear();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [navigate, router, queryClient]);
}

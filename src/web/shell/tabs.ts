import { useSyncExternalStore } from 'react';

/** The fixed home tab (spec §2). */
export const HOME_PATH = '/dashboard/analysis';

export interface Tab {
  /** full path with query: the tab key */
  key: string;
  title: string;
}

export interface TabsState {
  tabs: Tab[];
  active: string;
}

/** Outcome of a tab operation: the new state, where to go, or the message to show instead. */
export type TabOutcome = { state: TabsState; navigate?: string; error?: string };

export const TAB_MESSAGES = { home: '首页不能关闭!', last: '这是最后一页，不能再关闭了啦' } as const;

const homeTab: Tab = { key: HOME_PATH, title: '首页' };

export const initialTabs = (): TabsState => ({ tabs: [homeTab], active: HOME_PATH });

/** A visit adds the tab or updates its title; with multipage off only the current page is kept. */
export function visit(s: TabsState, tab: Tab, multipage: boolean): TabsState {
  if (!multipage) return { tabs: tab.key === HOME_PATH ? [homeTab] : [tab], active: tab.key };
  const exists = s.tabs.some((t) => t.key === tab.key);
  const tabs = exists
    ? s.tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title } : t))
    : [...s.tabs, tab];
  return { tabs, active: tab.key };
}

/** Close one tab: never home, never the last; closing the active one activates a neighbour. */
export function close(s: TabsState, key: string): TabOutcome {
  if (key === HOME_PATH) return { state: s, error: TAB_MESSAGES.home };
  if (s.tabs.length <= 1) return { state: s, error: TAB_MESSAGES.last };
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return { state: s };
  const tabs = s.tabs.filter((t) => t.key !== key);
  if (s.active !== key) return { state: { tabs, active: s.active } };
  const next = tabs[Math.min(i, tabs.length - 1)]!;
  return { state: { tabs, active: next.key }, navigate: next.key };
}

function keepWhere(
  s: TabsState,
  key: string,
  keep: (index: number, pivot: number, tab: Tab) => boolean,
): TabOutcome {
  const pivot = s.tabs.findIndex((t) => t.key === key);
  if (pivot < 0) return { state: s };
  const tabs = s.tabs.filter((t, i) => t.key === HOME_PATH || keep(i, pivot, t));
  const active = tabs.some((t) => t.key === s.active) ? s.active : key;
  return { state: { tabs, active }, navigate: active !== s.active ? active : undefined };
}

export const closeLeft = (s: TabsState, key: string) => keepWhere(s, key, (i, p) => i >= p);
export const closeRight = (s: TabsState, key: string) => keepWhere(s, key, (i, p) => i <= p);
export const closeOthers = (s: TabsState, key: string) => keepWhere(s, key, (i, p) => i === p);

/** The shared store the tab bar, the commands and the layout use. */
let state: TabsState = initialTabs();
const listeners = new Set<() => void>();
export const tabsStore = {
  get: () => state,
  set(next: TabsState) {
    state = next;
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  reset() {
    tabsStore.set(initialTabs());
  },
};
export const useTabs = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get);

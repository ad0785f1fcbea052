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

/**
 * Tabs saved earlier (JSON), made safe to show again: well-formed entries only, no duplicates,
 * 首页 first; anything unreadable gives the initial tabs.
 */
export function restoreTabs(saved: string | null): TabsState {
  try {
    const raw = JSON.parse(saved ?? 'null') as { tabs?: unknown; active?: unknown } | null;
    if (!raw || !Array.isArray(raw.tabs)) return initialTabs();
    const seen = new Set<string>([HOME_PATH]);
    const tabs: Tab[] = [homeTab];
    for (const t of raw.tabs as Array<Partial<Tab>>) {
      if (typeof t?.key !== 'string' || typeof t.title !== 'string' || !t.key.startsWith('/')) continue;
      if (seen.has(t.key)) continue;
      seen.add(t.key);
      tabs.push({ key: t.key, title: t.title });
    }
    const active = tabs.some((t) => t.key === raw.active) ? (raw.active as string) : HOME_PATH;
    return { tabs, active };
  } catch {
    return initialTabs();
  }
}

/** Where one user's tabs are kept between visits. */
export const tabsStorageKey = (username: string) => `console.tabs.${username}`;

/** The shared store the tab bar, the commands and the layout use; saved per user once bound. */
let state: TabsState = initialTabs();
let owner: string | null = null;
const listeners = new Set<() => void>();
export const tabsStore = {
  get: () => state,
  set(next: TabsState) {
    state = next;
    if (owner) localStorage.setItem(tabsStorageKey(owner), JSON.stringify(state));
    listeners.forEach((l) => l());
  },
  /** Bring back the tabs `username` had open (a reload, a new visit) and keep them from now on. */
  bindUser(username: string) {
    if (owner === username) return;
    owner = username;
    const saved = restoreTabs(localStorage.getItem(tabsStorageKey(username)));
    // the page being opened may have added its tab already: keep it, and keep it active
    const opened = state.tabs.filter((t) => !saved.tabs.some((s) => s.key === t.key));
    tabsStore.set({ tabs: [...saved.tabs, ...opened], active: state.active });
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Sign-out: forget the tabs on screen (the user's saved ones stay for their next visit). */
  reset() {
    owner = null;
    tabsStore.set(initialTabs());
  },
};
export const useTabs = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get);

import { useSyncExternalStore } from 'react';

/** Breakpoints of spec §2: below 1088 px is mobile, below 768 px the sidebar closes into a drawer. */
export const BREAKPOINTS = { mobile: 1088, drawer: 768 } as const;

export type Device = 'desktop' | 'mobile';

/** The device a window width means (kept in the settings as `device`, spec §3). */
export const deviceOf = (width: number): Device => (width < BREAKPOINTS.mobile ? 'mobile' : 'desktop');

/** Below 768 px the sidebar is not drawn; ☰ opens it as a drawer. */
export const usesDrawer = (width: number) => width < BREAKPOINTS.drawer;

let drawerOpen = false;
const listeners = new Set<() => void>();
/** The menu drawer of narrow screens. */
export const drawerStore = {
  get: () => drawerOpen,
  set(open: boolean) {
    drawerOpen = open;
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
export const useDrawerOpen = () => useSyncExternalStore(drawerStore.subscribe, drawerStore.get);

import { useSyncExternalStore } from 'react';

/** The eight preset theme colours (spec §9). */
export const THEME_COLORS = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
] as const;

/** UI settings kept between visits (spec §3), with the spec's defaults. */
export interface Settings {
  sidebarOpened: boolean;
  /** what the window width last meant: 'mobile' below 1088 px (spec §2) */
  device: 'desktop' | 'mobile';
  theme: 'light' | 'dark';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  color: string;
  weak: boolean;
  multipage: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sidebarOpened: true,
  device: 'desktop',
  theme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  color: '#1890FF',
  weak: false,
  multipage: true,
};

const KEY = 'console.settings';
const load = (): Settings => {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return DEFAULT_SETTINGS;
  }
};

let current = load();
const listeners = new Set<() => void>();
export const settingsStore = {
  get: () => current,
  update(patch: Partial<Settings>) {
    current = { ...current, ...patch };
    localStorage.setItem(KEY, JSON.stringify(current));
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
// settings changed in another tab of the console (theme, colour, layout) apply here too
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY) return;
    current = load();
    listeners.forEach((l) => l());
  });
export const useSettings = () => useSyncExternalStore(settingsStore.subscribe, settingsStore.get);

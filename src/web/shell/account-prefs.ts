/**
 * The signed-in user's preferences kept on the server (账户设置 → 个性化设置, 新消息通知): the
 * server is the source of truth, localStorage only the cache the page starts from. At sign-in
 * (the app layout mounting) the server's look is applied over the cached one; a later change of
 * the look (drawer, 个性化设置, a command) is saved back, so it follows the account to another
 * browser.
 */
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_NOTIFY,
  alerts,
  UI_PREF_KEYS,
  type NotifyPrefs,
  type Prefs,
  type UiPrefs,
} from '../../shared/account.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { callTo } from '../lib/api-client.ts';
import { notify as toast } from '../lib/notify.ts';
import { registerWidget } from './runtime.ts';
import { settingsStore } from './settings.ts';

const NOTIFY_KEY = 'console.notify';
const SAVE_DELAY_MS = 400;

const loadNotify = (): Required<NotifyPrefs> => {
  try {
    return { ...DEFAULT_NOTIFY, ...(JSON.parse(localStorage.getItem(NOTIFY_KEY) ?? '{}') as NotifyPrefs) };
  } catch {
    return DEFAULT_NOTIFY;
  }
};

let notify = typeof localStorage === 'undefined' ? DEFAULT_NOTIFY : loadNotify();
const listeners = new Set<() => void>();

/** 新消息通知 as last read from the server (cached in localStorage). */
export const notifyStore = {
  get: () => notify,
  set(next: NotifyPrefs) {
    notify = { ...DEFAULT_NOTIFY, ...next };
    localStorage.setItem(NOTIFY_KEY, JSON.stringify(notify));
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
export const useNotifyPrefs = () => useSyncExternalStore(notifyStore.subscribe, notifyStore.get);

/** The part of the settings the server keeps. */
export function uiOf(settings: object): UiPrefs {
  return Object.fromEntries(
    UI_PREF_KEYS.map((k) => [k, (settings as Record<string, unknown>)[k]]),
  ) as UiPrefs;
}

/** The keys whose value differs between two looks. */
export function changedUi(before: UiPrefs, after: UiPrefs): UiPrefs {
  return Object.fromEntries(UI_PREF_KEYS.filter((k) => before[k] !== after[k]).map((k) => [k, after[k]]));
}

/** Read a new message aloud with the browser's own speech synthesis (no outside service). */
export function speak(text: string): boolean {
  const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined' || !text) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  synth.speak(utterance);
  return true;
}

/**
 * A notice arrived (the bell's socket): alert when its category is one the user chose, and read
 * its text aloud when they turned that on. Answers whether it alerted.
 */
export function announceNotice(text: string, category: string | undefined): boolean {
  const prefs = notifyStore.get();
  if (!alerts(prefs, category)) return false;
  toast('info', text, '新消息');
  if (prefs.speak) speak(text);
  return true;
}

/**
 * Load the preferences from the server and keep the look saved there while signed in; the result
 * stops it. Called by the app layout.
 */
export function startPrefsSync(): () => void {
  let stopped = false;
  let synced: UiPrefs | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const offWidget = registerWidget('account.notify', (props) => notifyStore.set(props as NotifyPrefs));
  void callTo<Prefs>(ENDPOINTS.self.prefs)
    .then((prefs) => {
      if (stopped) return;
      notifyStore.set(prefs.notify);
      const ui = Object.fromEntries(Object.entries(prefs.ui).filter(([, v]) => v !== undefined));
      if (Object.keys(changedUi(uiOf(settingsStore.get()), { ...uiOf(settingsStore.get()), ...ui })).length)
        settingsStore.update(ui);
      synced = uiOf(settingsStore.get());
    })
    .catch(() => undefined);
  const offSettings = settingsStore.subscribe(() => {
    if (!synced) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (stopped || !synced) return;
      const now = uiOf(settingsStore.get());
      const patch = changedUi(synced, now);
      if (Object.keys(patch).length === 0) return;
      synced = now;
      void callTo(ENDPOINTS.self.savePrefs, { body: { ui: patch } }).catch(() => undefined);
    }, SAVE_DELAY_MS);
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    offWidget();
    offSettings();
  };
}

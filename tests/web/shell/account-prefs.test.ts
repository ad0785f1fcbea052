import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/web/shell/settings.ts';
import { noticeStore } from '../../../src/web/lib/notify.ts';
import type * as PrefsModule from '../../../src/web/shell/account-prefs.ts';

type Prefs = typeof PrefsModule;
let announceNotice: Prefs['announceNotice'];
let changedUi: Prefs['changedUi'];
let notifyStore: Prefs['notifyStore'];
let speak: Prefs['speak'];
let uiOf: Prefs['uiOf'];

/** Unit files share globals: what this file assigns it puts back. */
const saved = {
  window: (globalThis as Record<string, unknown>).window,
  localStorage: (globalThis as Record<string, unknown>).localStorage,
  utterance: (globalThis as Record<string, unknown>).SpeechSynthesisUtterance,
};
let spoken: Array<{ text: string; lang: string }> = [];

function install() {
  spoken = [];
  const store = new Map<string, string>();
  const g = globalThis as Record<string, unknown>;
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  g.SpeechSynthesisUtterance = class {
    lang = '';
    constructor(public text: string) {}
  };
  g.window = {
    speechSynthesis: {
      speak: (u: { text: string; lang: string }) => spoken.push({ text: u.text, lang: u.lang }),
    },
  };
}
beforeEach(install);
// the module reads the session's storage when it loads (api-client → session)
beforeAll(async () => {
  install();
  ({ announceNotice, changedUi, notifyStore, speak, uiOf } =
    await import('../../../src/web/shell/account-prefs.ts'));
});
afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  g.window = saved.window;
  g.localStorage = saved.localStorage;
  g.SpeechSynthesisUtterance = saved.utterance;
});

describe('preferences kept on the server', () => {
  it('sends only the look the server keeps, and only what changed', () => {
    const ui = uiOf(DEFAULT_SETTINGS);
    expect(Object.keys(ui)).not.toContain('sidebarOpened');
    expect(Object.keys(ui)).not.toContain('device');
    expect(changedUi(ui, ui)).toEqual({});
    expect(changedUi(ui, { ...ui, theme: 'dark', multipage: false })).toEqual({
      theme: 'dark',
      multipage: false,
    });
  });

  it('alerts and reads a new message aloud (zh-CN, the browser’s own voice) only as chosen', () => {
    const toasts = () => noticeStore.get().filter((n) => n.title === '新消息').length;
    const before = toasts();
    notifyStore.set({ categories: ['1', '2'], speak: false });
    expect(announceNotice('通知一', '1')).toBe(true);
    expect(spoken).toEqual([]);
    notifyStore.set({ categories: ['1'], speak: true });
    expect(announceNotice('系统二', '2')).toBe(false);
    expect(announceNotice('通知三', '1')).toBe(true);
    expect(spoken).toEqual([{ text: '通知三', lang: 'zh-CN' }]);
    expect(toasts() - before).toBe(2);
  });

  it('does nothing where the browser has no speech synthesis', () => {
    (globalThis as Record<string, unknown>).window = {};
    expect(speak('你好')).toBe(false);
  });
});

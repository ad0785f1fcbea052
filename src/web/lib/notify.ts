import { useSyncExternalStore } from 'react';

export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  level: NoticeLevel;
  title?: string;
  message: string;
}

let notices: Notice[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Show a transient notification (toast); it disappears after a few seconds. */
export function notify(level: NoticeLevel, message: string, title?: string, durationMs = 4500): number {
  const id = ++seq;
  notices = [...notices, { id, level, title, message }];
  emit();
  if (durationMs > 0) setTimeout(() => dismiss(id), durationMs);
  return id;
}

export function dismiss(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/** The notifications on screen. */
export const noticeStore = {
  get: (): Notice[] => notices,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useNotices = (): Notice[] => useSyncExternalStore(noticeStore.subscribe, noticeStore.get);

import { useSyncExternalStore } from 'react';

/** A modal request shown by the dialog host (confirmations, prompts, notices). */
export interface DialogRequest {
  id: number;
  kind: 'confirm' | 'prompt' | 'alert';
  title: string;
  content?: string;
  okText?: string;
  cancelText?: string | null;
  secret?: boolean;
  defaultValue?: string;
  resolve(value: boolean | string | null): void;
}

let queue: DialogRequest[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function open(req: Omit<DialogRequest, 'id' | 'resolve'>): Promise<boolean | string | null> {
  return new Promise((resolve) => {
    const id = ++seq;
    queue = [
      ...queue,
      {
        ...req,
        id,
        resolve: (v) => {
          queue = queue.filter((d) => d.id !== id);
          emit();
          resolve(v);
        },
      },
    ];
    emit();
  });
}

/** Ask a yes/no question; resolves true on OK. */
export const confirmDialog = (
  title: string,
  content?: string,
  okText = '确定',
  cancelText: string | null = '取消',
) => open({ kind: 'confirm', title, content, okText, cancelText }) as Promise<boolean>;

/** Ask for a value; resolves null on cancel. */
export const promptDialog = (title: string, opts: { secret?: boolean; defaultValue?: string } = {}) =>
  open({ kind: 'prompt', title, okText: '确定', cancelText: '取消', ...opts }) as Promise<string | null>;

/** The pending dialogs, first shown first (the host renders `get()[0]`). */
export const dialogStore = {
  get: (): DialogRequest[] => queue,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useDialogs = (): DialogRequest[] => useSyncExternalStore(dialogStore.subscribe, dialogStore.get);

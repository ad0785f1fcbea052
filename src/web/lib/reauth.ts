import { useSyncExternalStore } from 'react';

/**
 * Signing in again when the session expires mid-work (issue #27 item 7): the failed request waits
 * while a dialog asks the same account's password, then runs again with the new token, so the
 * page (an open form, a half-edited grid) keeps what the operator typed. Parallel failures share
 * one dialog. The dialog (components/reauth-dialog.tsx) settles it: true once signed in again,
 * false when the operator signs out instead.
 */
let open: { username: string; settle(signedIn: boolean): void } | null = null;
let waiting: Promise<boolean> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Ask `username` to sign in again; resolves true when they did, false when they signed out. */
export function signInAgain(username: string): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    open = {
      username,
      settle(signedIn) {
        open = null;
        waiting = null;
        emit();
        resolve(signedIn);
      },
    };
    emit();
  });
  return waiting;
}

export const reauthStore = {
  get: () => open,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useReauth = () => useSyncExternalStore(reauthStore.subscribe, reauthStore.get);

/**
 * Refetches of a list caused by rows saved elsewhere that its visible page does not show
 * (issue #14): however many arrive, the list is read again at most once per `intervalMs`, and not
 * at all while the tab is hidden (once when it shows again, if anything arrived meanwhile).
 */

/** At most one refetch per this many ms for changes outside the visible page. */
export const REFETCH_INTERVAL_MS = 3000;

export interface CoalescerDeps {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** whether the page is hidden (`document.hidden`) */
  hidden(): boolean;
  /** subscribe to visibility changes; returns the unsubscribe */
  onVisible(fn: () => void): () => void;
}

export interface Coalescer {
  /** a change outside the visible page arrived */
  trigger(): void;
  /** changes waiting for their refetch (the hint's count) */
  readonly pending: number;
  dispose(): void;
}

export function coalescedRefetch(
  refetch: () => void,
  deps: CoalescerDeps,
  intervalMs = REFETCH_INTERVAL_MS,
): Coalescer {
  let pending = 0;
  let timer: unknown = null;
  let lastRun = -Infinity;
  let disposed = false;

  const run = () => {
    timer = null;
    if (disposed || pending === 0) return;
    if (deps.hidden()) return; // waits for the tab to show again
    pending = 0;
    lastRun = deps.now();
    refetch();
  };
  const schedule = () => {
    if (disposed || timer !== null || pending === 0 || deps.hidden()) return;
    timer = deps.setTimeout(run, Math.max(0, lastRun + intervalMs - deps.now()));
  };
  const stopVisible = deps.onVisible(schedule);

  return {
    trigger() {
      pending++;
      schedule();
    },
    get pending() {
      return pending;
    },
    dispose() {
      disposed = true;
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      stopVisible();
    },
  };
}

/** The browser's clock, timers and page visibility. */
export const browserCoalescerDeps: CoalescerDeps = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  hidden: () => typeof document !== 'undefined' && document.hidden,
  onVisible(fn) {
    if (typeof document === 'undefined') return () => undefined;
    const listener = () => {
      if (!document.hidden) fn();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

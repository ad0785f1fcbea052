import { describe, expect, it } from 'vitest';
import {
  coalescedRefetch,
  type CoalescerDeps,
} from '../../../src/web/components/data-grid/realtime/coalesced-refetch.ts';

/** A fake clock with timers and a page visibility switch. */
function fakeDeps() {
  let now = 0;
  let hidden = false;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const visible = new Set<() => void>();
  let nextId = 1;
  const deps: CoalescerDeps = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    hidden: () => hidden,
    onVisible: (fn) => {
      visible.add(fn);
      return () => visible.delete(fn);
    },
  };
  return {
    deps,
    /** move the clock, running due timers in order */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    setHidden(h: boolean) {
      hidden = h;
      if (!h) for (const fn of visible) fn();
    },
  };
}

describe('coalescedRefetch', () => {
  it('refetches at once after a quiet time, then at most once per interval however many changes arrive', () => {
    const clock = fakeDeps();
    let refetches = 0;
    const c = coalescedRefetch(() => refetches++, clock.deps, 3000);
    c.trigger();
    clock.advance(0);
    expect(refetches).toBe(1);
    // 100 changes a second for 10 s
    for (let t = 0; t < 10_000; t += 10) {
      c.trigger();
      clock.advance(10);
    }
    expect(refetches).toBeLessThanOrEqual(1 + Math.ceil(10_000 / 3000));
    expect(refetches).toBeGreaterThanOrEqual(1 + Math.floor(10_000 / 3000));
    clock.advance(3000);
    expect(c.pending).toBe(0);
  });

  it('does not refetch while the tab is hidden, and once when it shows again', () => {
    const clock = fakeDeps();
    let refetches = 0;
    const c = coalescedRefetch(() => refetches++, clock.deps, 3000);
    clock.setHidden(true);
    for (let i = 0; i < 50; i++) {
      c.trigger();
      clock.advance(1000);
    }
    expect(refetches).toBe(0);
    expect(c.pending).toBe(50);
    clock.setHidden(false);
    clock.advance(0);
    expect(refetches).toBe(1);
    clock.advance(60_000);
    expect(refetches).toBe(1);
  });

  it('stops with dispose', () => {
    const clock = fakeDeps();
    let refetches = 0;
    const c = coalescedRefetch(() => refetches++, clock.deps, 3000);
    c.trigger();
    c.dispose();
    clock.advance(10_000);
    expect(refetches).toBe(0);
  });
});

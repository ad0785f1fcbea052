import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_DICT_DEBOUNCE_MS, debouncedLoader } from '../../../src/web/lib/debounced-loader.ts';
import { GRID } from '../../../src/web/components/data-grid/editable/column-defaults.ts';

/**
 * Spec §7: `loadDict/{dict}` searches are debounced 300 ms (800 ms in the grid's search select):
 * typing fast sends one request, for the last keyword, once typing pauses; a late answer to an
 * older keyword is dropped. Fake timers: no wall clock.
 */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounced dictionary search', () => {
  it('the spec’s delays', () => {
    expect(LOAD_DICT_DEBOUNCE_MS).toBe(300);
    expect(GRID.asyncSearchDebounceMs).toBe(800);
  });

  it('sends one request for the last keyword 300 ms after typing pauses', async () => {
    const load = vi.fn(async (kw: string) => [`结果:${kw}`]);
    const seen: string[][] = [];
    const d = debouncedLoader(load, (r) => seen.push(r));
    for (const kw of ['张', '张三', '张三丰']) {
      d.search(kw);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LOAD_DICT_DEBOUNCE_MS - 101);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('张三丰');
    await vi.runAllTimersAsync();
    expect(seen).toEqual([['结果:张三丰']]);
  });

  it('drops an older keyword’s late answer and anything after cancel', async () => {
    const pending: Array<(v: string) => void> = [];
    const load = vi.fn((kw: string) => new Promise<string>((resolve) => pending.push(() => resolve(kw))));
    const seen: string[] = [];
    const d = debouncedLoader(load, (r) => seen.push(r));
    d.search('a');
    await vi.advanceTimersByTimeAsync(LOAD_DICT_DEBOUNCE_MS);
    d.search('ab');
    await vi.advanceTimersByTimeAsync(LOAD_DICT_DEBOUNCE_MS);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!('');
    pending[0]!('');
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['ab']);
    d.search('abc');
    d.cancel();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is pending from a search until its answer, and not after a cancel', async () => {
    let resolve!: (v: string[]) => void;
    const d = debouncedLoader(
      () => new Promise<string[]>((r) => (resolve = r)),
      () => undefined,
    );
    expect(d.pending()).toBe(false);
    d.search('财务');
    expect(d.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(LOAD_DICT_DEBOUNCE_MS);
    expect(d.pending()).toBe(true);
    resolve(['财务部']);
    await vi.runAllTimersAsync();
    expect(d.pending()).toBe(false);
    d.search('人事');
    d.cancel();
    expect(d.pending()).toBe(false);
  });
});

/**
 * Search-as-you-type loading: a load starts only once typing has paused for the delay, and an answer
 * to an earlier keyword that arrives after a later one is dropped. Spec §7: `loadDict/{dict}` is
 * debounced 300 ms (800 ms in the grid's search select, GRID.asyncSearchDebounceMs).
 */

/** Spec §7: the dictionary search's debounce. */
export const LOAD_DICT_DEBOUNCE_MS = 300;

export interface DebouncedLoader {
  /** the keyword changed: (re)schedule the load */
  search(keyword: string): void;
  /** drop a pending load and any answer still on its way */
  cancel(): void;
  /**
   * a search is waiting for its answer: what is listed belongs to an earlier keyword (Enter then
   * waits for the answer instead of picking from the old list)
   */
  pending(): boolean;
}

export function debouncedLoader<T>(
  load: (keyword: string) => Promise<T>,
  onResult: (result: T, keyword: string) => void,
  delay: number = LOAD_DICT_DEBOUNCE_MS,
  onError: (e: unknown) => void = () => undefined,
): DebouncedLoader {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  let waiting = false;
  return {
    search(keyword) {
      clearTimeout(timer);
      const mine = ++seq;
      waiting = true;
      timer = setTimeout(() => {
        load(keyword).then(
          (r) => {
            if (mine !== seq) return;
            waiting = false;
            onResult(r, keyword);
          },
          (e: unknown) => {
            if (mine !== seq) return;
            waiting = false;
            onError(e);
          },
        );
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      seq++;
      waiting = false;
    },
    pending: () => waiting,
  };
}

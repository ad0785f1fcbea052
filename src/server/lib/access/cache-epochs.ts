import type { Database } from '../../db/client.ts';
import { inLane } from '../../db/priority-pool.ts';

/** Channel the `care_cache_changed()` triggers notify (migration 0011); the payload names the cache. */
export const CACHE_CHANNEL = 'care_cache';

/** The caches kept in process, each with a counter in `care_cache_epoch`. */
export type CacheKind = 'auth' | 'dict';
const KINDS: readonly CacheKind[] = ['auth', 'dict'];

/**
 * When this process must forget what it cached (issue #14). Triggers on the tables behind each
 * cache (migration 0011) bump that cache's counter in `care_cache_epoch` and `NOTIFY care_cache`
 * at commit, whoever writes. Every instance LISTENs and drops the cache named by a notification.
 *
 * On PostgreSQL a notification may still be on its way when the next request arrives on another
 * instance, so every API request first reads the counters (`sync`, one tiny statement, shared by
 * the requests that arrive while another read is under way) and drops the caches whose counter
 * moved. On PGlite (one process: the data directory is locked) a notification reaches the main
 * thread before the answer of the commit that sent it, so the notification alone is exact and
 * `sync` sends nothing.
 *
 * A value loaded while a change committed must not be kept: each drop moves the cache's
 * `generation`, and a loader stores its result only when the generation it started under is still
 * current (`since`/`unchanged`).
 */
export class CacheEpochs {
  private readonly generation: Record<CacheKind, number> = { auth: 0, dict: 0 };
  private readonly seen: Record<CacheKind, bigint | null> = { auth: null, dict: null };
  private readonly dropHandlers: Record<CacheKind, Array<() => void>> = { auth: [], dict: [] };
  private stop: (() => Promise<void>) | null = null;
  /** drops per cache (tests, diagnostics) */
  readonly drops: Record<CacheKind, number> = { auth: 0, dict: 0 };

  constructor(private readonly database: Database) {}

  /** Whether each request must read the counters (more than one process may share the database). */
  get synced(): boolean {
    return this.database.kind === 'postgres';
  }

  /** LISTEN for changes (app ready). */
  async start(): Promise<void> {
    this.stop = await this.database.notifications.listen(CACHE_CHANNEL, (payload) => {
      if ((KINDS as readonly string[]).includes(payload)) this.drop(payload as CacheKind);
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }

  /** Call `fn` whenever `kind` is dropped. */
  onDrop(kind: CacheKind, fn: () => void): void {
    this.dropHandlers[kind].push(fn);
  }

  drop(kind: CacheKind): void {
    this.generation[kind]++;
    this.drops[kind]++;
    for (const fn of this.dropHandlers[kind]) fn();
  }

  /** The generation to pass to `unchanged` after loading a `kind` value. */
  since(kind: CacheKind): number {
    return this.generation[kind];
  }

  /** Whether nothing of `kind` was dropped since `generation`: a value loaded meanwhile may be kept. */
  unchanged(kind: CacheKind, generation: number): boolean {
    return this.generation[kind] === generation;
  }

  /**
   * PostgreSQL: read the counters and drop every cache whose counter moved past what this process
   * has seen (a cache filled at a later counter is at least as fresh as this request needs).
   */
  sync(): Promise<void> {
    if (!this.synced) return Promise.resolve();
    // a read already sent may have been answered from before this request arrived: wait for the
    // next one, which every request arriving meanwhile shares (one statement, not one per request)
    if (!this.reading) return this.read();
    this.following ??= this.reading.then(
      () => this.readNext(),
      () => this.readNext(),
    );
    return this.following;
  }

  private reading: Promise<void> | null = null;
  private following: Promise<void> | null = null;

  private readNext(): Promise<void> {
    this.following = null;
    return this.read();
  }

  private read(): Promise<void> {
    const reading = this.readCounters().finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  private async readCounters(): Promise<void> {
    // ahead of every other statement: each request waits on this one
    const { rows } = await inLane('first', () =>
      this.database.rawQuery(
        'SELECT auth::text AS auth, dict::text AS dict FROM care_cache_epoch WHERE id = 1',
        [],
      ),
    );
    const row = rows[0] as Record<CacheKind, string> | undefined;
    if (!row) return;
    for (const kind of KINDS) {
      const now = BigInt(row[kind]);
      const seen = this.seen[kind];
      if (seen !== null && now <= seen) continue;
      this.seen[kind] = now;
      this.drop(kind);
    }
  }
}

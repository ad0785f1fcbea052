import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Which queue a statement waits in when every pooled connection is busy (issue #14):
 * - `first`: tiny statements every request waits on (the cache-epoch read, shared by all the
 *   requests arriving meanwhile), served before anything else;
 * - `write`: a save, delete or import, something a person waits on to continue, served before
 *   reads but never holding more than `writeShare` of the connections while reads wait;
 * - `read`: lists, pickers, exports and background work.
 * Under a full load of list requests a save used to queue behind every list statement sent before
 * it, once per statement.
 */
export type Lane = 'first' | 'write' | 'read';
const LANES: readonly Lane[] = ['first', 'write', 'read'];

const lanes = new AsyncLocalStorage<Lane>();

/** Run `fn` (and everything it starts) with its statements in `lane`. */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return lanes.run(lane, fn);
}

/** The lane of the code running now (`read` outside any request). */
export function currentLane(): Lane {
  return lanes.getStore() ?? 'read';
}

type Callback = (
  err: Error | undefined,
  client?: pg.PoolClient,
  release?: (err?: Error | boolean) => void,
) => void;

interface Waiter {
  grant(): void;
  refuse(err: Error): void;
  timer?: NodeJS.Timeout;
}

export interface PriorityPoolConfig extends pg.PoolConfig {
  /** the most connections writes hold while reads wait (default: half of `max`) */
  writeShare?: number;
}

/**
 * A node-postgres pool whose waiting callers are served by lane, then in arrival order. At most
 * `max` connections are out at once, as in pg.Pool, and a caller never waits in pg.Pool's own
 * first-come-first-served queue: when a connection comes back it goes to the oldest waiter of the
 * first lane that may have it.
 */
export class PriorityPool extends pg.Pool {
  private readonly waiting: Record<Lane, Waiter[]> = { first: [], write: [], read: [] };
  /** connections out, by lane */
  private readonly holding: Record<Lane, number> = { first: 0, write: 0, read: 0 };
  private readonly limit: number;
  private readonly writeShare: number;
  /** connections granted to each lane so far (tests, diagnostics) */
  readonly granted: Record<Lane, number> = { first: 0, write: 0, read: 0 };

  constructor(config: PriorityPoolConfig) {
    const { writeShare, ...rest } = config;
    super(rest);
    this.limit = rest.max ?? 10;
    this.writeShare = Math.max(1, writeShare ?? Math.ceil(this.limit / 2));
  }

  /** callers waiting now, by lane */
  get queued(): Record<Lane, number> {
    return {
      first: this.waiting.first.length,
      write: this.waiting.write.length,
      read: this.waiting.read.length,
    };
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<pg.PoolClient> | void {
    const lane = currentLane();
    const checkout = this.place(lane).then(() => this.take(lane));
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err),
    );
  }

  private get out(): number {
    return this.holding.first + this.holding.write + this.holding.read;
  }

  /** Closing: whoever still waits is refused as pg.Pool refuses a caller after `end`. */
  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    for (const lane of LANES)
      for (const waiter of this.waiting[lane].splice(0)) {
        if (waiter.timer) clearTimeout(waiter.timer);
        waiter.refuse(new Error('Cannot use a pool after calling end on the pool'));
      }
    return callback ? super.end(callback) : super.end();
  }

  /** Wait for one of the `max` places. */
  private place(lane: Lane): Promise<void> {
    if (this.ending) return Promise.reject(new Error('Cannot use a pool after calling end on the pool'));
    if (this.out < this.limit && !LANES.some((l) => this.waiting[l].length)) {
      this.holding[lane]++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, refuse: reject };
      const timeout = this.options.connectionTimeoutMillis;
      if (timeout) {
        waiter.timer = setTimeout(() => {
          const queue = this.waiting[lane];
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(new Error('timeout exceeded when trying to connect'));
        }, timeout);
        waiter.timer.unref();
      }
      this.waiting[lane].push(waiter);
    });
  }

  /** The lane the next free place goes to, if anyone waits. */
  private nextLane(): Lane | undefined {
    if (this.waiting.first.length) return 'first';
    const writes = this.waiting.write.length > 0;
    if (writes && (this.holding.write < this.writeShare || !this.waiting.read.length)) return 'write';
    return this.waiting.read.length ? 'read' : undefined;
  }

  /** A place of `lane` was given back: it goes to the next waiter. */
  private leave(lane: Lane): void {
    this.holding[lane]--;
    const to = this.nextLane();
    if (!to) return;
    const next = this.waiting[to].shift()!;
    if (next.timer) clearTimeout(next.timer);
    this.holding[to]++;
    next.grant();
  }

  /** Check a connection out of pg.Pool for a caller holding a place; the place goes with it. */
  private async take(lane: Lane): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      this.leave(lane);
      throw err;
    }
    this.granted[lane]++;
    const release = client.release;
    let back = false;
    client.release = (err?: Error | boolean) => {
      if (!back) {
        back = true;
        this.leave(lane);
      }
      return release.call(client, err);
    };
    return client;
  }
}

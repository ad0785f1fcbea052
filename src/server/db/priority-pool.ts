import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Which queue a statement waits in when every pooled connection is busy (issue #14):
 * - `first`: tiny statements every request waits on (the cache-epoch read, shared by all the
 *   requests arriving meanwhile), and callers already holding a connection (a transaction that
 *   needs one more statement from the pool), served before anything else;
 * - `write`: a save, delete or import, something a person waits on to continue, served before
 *   reads but never holding more than `writeShare` of the connections while reads wait;
 * - `read`: lists, pickers, exports and background work.
 * Under a full load of list requests a save used to queue behind every list statement sent before
 * it, once per statement.
 */
export type Lane = 'first' | 'write' | 'read';
const LANES: readonly Lane[] = ['first', 'write', 'read'];

/** The lane of a request or a piece of background work, and the connections it holds checked out. */
interface LaneStore {
  lane: Lane;
  /** connections this context took with `connect()` (a transaction) and has not given back */
  held: number;
}

const lanes = new AsyncLocalStorage<LaneStore>();

/**
 * Run `fn` (and everything it starts, timers included) with its statements in `lane`. Background
 * work a request starts (a timer, a job) must enter the `read` lane itself.
 */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return lanes.run({ lane, held: 0 }, fn);
}

/** The lane of the code running now (`read` outside any request). */
export function currentLane(): Lane {
  return lanes.getStore()?.lane ?? 'read';
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
 * first lane that may have it. `connectionTimeoutMillis` bounds the wait for a place; opening a new
 * connection once it has one is bounded by pg.Pool's own use of the same setting.
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
    const store = lanes.getStore();
    // a caller already holding a connection (a transaction needing one more statement) goes first:
    // it gives its own back sooner, and a write share full of such callers cannot starve them
    const lane = store?.held ? 'first' : (store?.lane ?? 'read');
    // node-postgres' pool.query checks out with a callback for one statement; connect() without
    // one is a transaction (or a LISTEN connection), held until released
    const checkout = this.place(lane).then(() => this.take(lane, callback ? undefined : store));
    if (!callback) return checkout;
    checkout.then(
      (client) => process.nextTick(() => callback(undefined, client, client.release)),
      (err: Error) => process.nextTick(() => callback(err)),
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
  private async take(lane: Lane, holder: LaneStore | undefined): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      // outside any lane: a new connection's socket would otherwise keep the lane of whoever
      // opened it, and its events (notifications, errors) would run in it
      client = await lanes.exit(() => super.connect());
    } catch (err) {
      this.leave(lane);
      throw err;
    }
    this.granted[lane]++;
    if (holder) holder.held++;
    const release = client.release;
    let back = false;
    client.release = (err?: Error | boolean) => {
      if (!back) {
        back = true;
        if (holder) holder.held--;
        this.leave(lane);
      }
      return release.call(client, err);
    };
    return client;
  }
}

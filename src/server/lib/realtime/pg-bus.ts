import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { WorkerPGlite } from '../../db/pglite-proxy.ts';

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (default build); anything at or
 * above this size is not sent as is.
 */
export const MAX_PAYLOAD_BYTES = 8000;

/** Channel names are fixed identifiers chosen in code, never from a request. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The driver side of the bus: LISTEN/NOTIFY on one database, any number of callbacks per channel. */
export interface NotifyTransport {
  /** Start receiving `channel`; resolves once LISTEN is in effect. The result stops this callback. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** `pg_notify(channel, payload)` with bound parameters. */
  notify(channel: string, payload: string): Promise<void>;
  /** Drop the listening connection (the database itself is closed by its owner). */
  close(): Promise<void>;
}

/** Where transports report connection trouble. */
export type BusLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

const consoleLog: BusLog = {
  warn: (...args: unknown[]) => console.warn('[pg-bus]', ...args),
  error: (...args: unknown[]) => console.error('[pg-bus]', ...args),
} as BusLog;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid bus channel name: ${channel}`);
}

/** LISTEN/NOTIFY inside an embedded PGlite: its one connection both listens and notifies. */
export function pgliteTransport(client: WorkerPGlite): NotifyTransport {
  return {
    async listen(channel, onPayload) {
      assertChannel(channel);
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {},
  };
}

/** Reconnect delays of the listening connection (ms); the last one repeats. */
export const RECONNECT_BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * LISTEN/NOTIFY over node-postgres: one dedicated client taken from the pool listens on every
 * channel; when it fails it is destroyed and replaced (with backoff) and every channel is listened
 * again. Notifications sent while it is down are lost: receivers refetch on their next load.
 */
export function poolTransport(
  pool: pg.Pool,
  log: BusLog = consoleLog,
  backoff: number[] = RECONNECT_BACKOFF_MS,
): NotifyTransport {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: pg.PoolClient | null = null;
  let connecting: Promise<pg.PoolClient> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closed = false;

  const deliver = (msg: pg.Notification) => {
    for (const cb of channels.get(msg.channel) ?? []) cb(msg.payload ?? '');
  };

  const lost = (c: pg.PoolClient, err: Error) => {
    if (client !== c) return;
    client = null;
    c.release(err);
    if (closed) return;
    log.warn(`LISTEN connection lost (${err.message}); reconnecting`);
    scheduleReconnect();
  };

  async function connect(): Promise<pg.PoolClient> {
    const c = await pool.connect();
    c.on('notification', deliver);
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection ended')));
    try {
      for (const ch of channels.keys()) await c.query(`LISTEN ${ch}`);
    } catch (e) {
      c.release(e as Error);
      throw e;
    }
    if (closed) {
      c.release(true);
      throw new Error('bus closed');
    }
    client = c;
    attempt = 0;
    return c;
  }

  function ensureClient(): Promise<pg.PoolClient> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function scheduleReconnect(): void {
    if (closed || timer) return;
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 1000;
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      ensureClient().catch((e: Error) => {
        if (closed) return;
        log.warn(`LISTEN reconnect failed (${e.message})`);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  }

  return {
    async listen(channel, onPayload) {
      assertChannel(channel);
      const set = channels.get(channel) ?? new Set();
      const isNew = set.size === 0;
      channels.set(channel, set.add(onPayload));
      // a fresh connection LISTENs every known channel itself; an existing one needs it now
      const c = await ensureClient();
      if (isNew) await c.query(`LISTEN ${channel}`);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || channels.get(channel) !== set) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      // destroy rather than return it: a pooled connection must not keep listening
      c?.release(true);
    },
  };
}

/**
 * Publish/subscribe of JSON messages across every instance sharing the database
 * (`app.bus`). A message published on one instance reaches every subscriber of every instance,
 * this one included.
 */
export class PgBus {
  private readonly stops = new Set<() => Promise<void>>();
  /** NOTIFYs leave one at a time: a pool would otherwise reorder them over its connections */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly transport: NotifyTransport,
    private readonly log: BusLog = consoleLog,
  ) {}

  /** Receive every message of `channel`; resolves once listening. The result unsubscribes. */
  async subscribe<T>(channel: string, handler: (message: T) => void): Promise<() => Promise<void>> {
    assertChannel(channel);
    const stop = await this.transport.listen(channel, (payload) => {
      let message: T;
      try {
        message = JSON.parse(payload) as T;
      } catch {
        this.log.warn(`bus ${channel}: dropped a payload that is not JSON`);
        return;
      }
      // a failing handler must not break the driver's query that carried the notification
      try {
        handler(message);
      } catch (e) {
        this.log.error({ err: e }, `bus ${channel}: handler failed`);
      }
    });
    const unsubscribe = async () => {
      if (this.stops.delete(unsubscribe)) await stop();
    };
    this.stops.add(unsubscribe);
    return unsubscribe;
  }

  /**
   * Send `message` to every subscriber of `channel` on every instance. A message of 8000 bytes or
   * more is replaced by `fallback()` (e.g. just the row id, so that receivers refetch) with a logged
   * warning, or dropped when there is none or it is too large too. Resolves `false` when dropped.
   * Messages published by one instance arrive everywhere in publish order.
   */
  async publish(channel: string, message: unknown, fallback?: () => unknown): Promise<boolean> {
    assertChannel(channel);
    let text = JSON.stringify(message);
    if (Buffer.byteLength(text) >= MAX_PAYLOAD_BYTES) {
      const alt = fallback?.();
      const altText = alt === undefined ? undefined : JSON.stringify(alt);
      if (altText === undefined || Buffer.byteLength(altText) >= MAX_PAYLOAD_BYTES) {
        this.log.warn(`bus ${channel}: message of ${Buffer.byteLength(text)} bytes dropped (limit 8000)`);
        return false;
      }
      this.log.warn(`bus ${channel}: message of ${Buffer.byteLength(text)} bytes trimmed to its fallback`);
      text = altText;
    }
    const sent = this.queue.then(() => this.transport.notify(channel, text));
    this.queue = sent.catch(() => undefined);
    await sent;
    return true;
  }

  /** Stop every subscription of this bus (app close). */
  async close(): Promise<void> {
    await Promise.all([...this.stops].map((stop) => stop().catch(() => undefined)));
  }
}

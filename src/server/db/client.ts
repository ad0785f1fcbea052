import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteTransport, poolTransport, type NotifyTransport } from '../lib/realtime/pg-bus.ts';
import { otherWalSegment, withoutEntries } from './data-dir-tar.ts';
import { WorkerPGlite } from './pglite-proxy.ts';
import { PriorityPool } from './priority-pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app uses; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** run a statement directly through the underlying driver (benchmarks, diagnostics) */
  rawQuery(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  /** LISTEN/NOTIFY on this database (cross-instance fan-out; see `PgBus`) */
  notifications: NotifyTransport;
  /** PGlite only: the data directory as a tar, which `openDatabase({ loadDataDir })` starts from */
  dumpDataDir?(): Promise<Uint8Array>;
  /** PostgreSQL only: the pool's connections now (metrics) */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long taking a new PostgreSQL connection may last before the request fails. */
const CONNECT_TIMEOUT_MS = 10_000;

/** SQLSTATEs of a server that is gone or not accepting connections (class 08, shutdown, startup). */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
/** Node socket errors of an unreachable or vanished server. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres' own messages (errors without a code) for a lost or never made connection. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The error saying that the PostgreSQL server cannot be reached right now (rather than that a
 * statement failed), when `error` is one or carries one: as Drizzle's `cause`, or among an
 * AggregateError's `errors`.
 */
export function databaseUnavailable(error: unknown, depth = 0): Error | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const e = error as Error & { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code)))
    return e;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return e;
  for (const inner of Array.isArray(e.errors) ? e.errors : []) {
    const found = databaseUnavailable(inner, depth + 1);
    if (found) return found;
  }
  return databaseUnavailable(e.cause, depth + 1);
}

/** Fixed advisory lock id so that only one instance migrates and seeds at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Open the database: PGlite in `dataDir` (`memory://` for an in-memory engine) unless a
 * `postgres://` URL is given. Migrations are applied before this returns.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: serve waiting statements by lane (default), or in arrival order when false */
  lanes?: boolean;
  /** PGlite: start from this tar of a data directory (made by `dumpDataDir`), then migrate */
  loadDataDir?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const config = {
      connectionString: opts.databaseUrl,
      max: 10,
      // an unreachable server fails a request after this long instead of holding it forever
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    };
    // saves go ahead of lists, yet lists keep 3 of the 10 connections (src/server/db/priority-pool.ts)
    const pool = opts.lanes === false ? new pg.Pool(config) : new PriorityPool({ ...config, writeShare: 7 });
    // A connection dropped by the server (restart, admin kill) must not crash the process: the pool
    // only listens for errors on idle connections, and a checked-out one (a transaction waiting
    // for its next statement or on a lock) would raise an unhandled 'error' event. Every connection
    // gets a listener of its own; the statement it was running fails and the pool discards it.
    pool.on('connect', (client) =>
      client.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`)),
    );
    pool.on('error', () => undefined); // already reported by the connection's own listener
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    const notifications = poolTransport(pool);
    return {
      db,
      kind: 'postgres',
      rawQuery: (text, params) => pool.query(text, params),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        // callers waiting for a connection: pg's own queue, or the lanes' (priority-pool.ts)
        waiting:
          pool instanceof PriorityPool
            ? Object.values(pool.queued).reduce((a, b) => a + b, 0)
            : pool.waitingCount,
      }),
      notifications,
      async close() {
        await notifications.close();
        await pool.end();
      },
    };
  }
  // the engine runs on a worker thread (and migrates there): the event loop never waits on it
  const client = await WorkerPGlite.create(opts.dataDir, MIGRATIONS_DIR, opts.loadDataDir);
  const pgliteDb = drizzlePglite({ client: client as never, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    rawQuery: (text, params) => client.query(text, params),
    notifications: pgliteTransport(client),
    async dumpDataDir() {
      // a checkpoint first: a load then starts at once instead of replaying the WAL since the
      // last one, and needs only the segment of the redo point (data-dir-tar.ts)
      await client.query('CHECKPOINT', []);
      const redo = await client.query(
        'SELECT pg_walfile_name(redo_lsn) AS segment FROM pg_control_checkpoint()',
        [],
      );
      const { segment } = redo.rows[0] as { segment: string };
      return withoutEntries(await client.dumpDataDir(), otherWalSegment(segment));
    },
    close: () => client.close(),
  };
}

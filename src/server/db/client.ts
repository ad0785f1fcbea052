import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteTransport, poolTransport, type NotifyTransport } from '../lib/pg-bus.ts';
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Fixed advisory lock id so that only one instance migrates and seeds at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Open the database: PGlite in `dataDir` (`memory://` for an in-memory engine) unless a
 * `postgres://` URL is given. Migrations are applied before this returns.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle connection dropped by the server (restart, admin kill) must not crash the process
    pool.on('error', (err) => console.warn(`PostgreSQL pool: idle connection error: ${err.message}`));
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
      notifications,
      async close() {
        await notifications.close();
        await pool.end();
      },
    };
  }
  const client = await PGlite.create(opts.dataDir, { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    rawQuery: (text, params) => client.query(text, params),
    notifications: pgliteTransport(client),
    close: () => client.close(),
  };
}

/** Shared harness of the benchmarks: the module shape `bench/run.ts` runs, and a throwaway database. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';

/** One benchmark module, listed in `bench/run.ts`. */
export interface Benchmark {
  /** short id, used to pick benchmarks: `npm run bench -- users-list` */
  name: string;
  /** one line on what it measures */
  description: string;
  run(): Promise<void>;
}

export interface BenchDatabase {
  database: Database;
  /** human-readable engine, e.g. "PGlite (in-memory)" or "PostgreSQL 15.4 (db bench_…)" */
  engine: string;
  /** close the connection; a database created on a PostgreSQL server is dropped */
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or, when BENCH_DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped again by `close`).
 */
export async function freshBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await seed(database.db);
      const { rows } = await database.rawQuery('SHOW server_version', []);
      const version = (rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
      return { database, engine: `PGlite in-memory (PostgreSQL ${version})`, close: () => database.close() };
    } catch (e) {
      await database.close();
      throw e;
    }
  }
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const target = new URL(url);
  target.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    await seed(database.db);
    const { rows } = await database.rawQuery('SHOW server_version', []);
    const version = (rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
    const opened = database;
    return {
      database: opened,
      engine: `PostgreSQL ${version} via node-postgres (${target.host}, database ${name})`,
      async close() {
        try {
          await opened.close();
        } finally {
          await drop();
        }
      },
    };
  } catch (e) {
    await database?.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw e;
  }
}

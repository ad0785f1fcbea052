/** Shared harness of the benchmarks: the module shape `bench/run.ts` runs, and a throwaway database. */
import type { Database } from '../../src/server/db/client.ts';
import { freshDatabase } from '../../tests/support/database.ts';

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
  const database = await freshDatabase(url, 'bench');
  const { rows } = await database.rawQuery('SHOW server_version', []);
  const version = (rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
  const engine = url
    ? `PostgreSQL ${version} via node-postgres (${new URL(url).host}, fresh database)`
    : `PGlite in-memory (PostgreSQL ${version})`;
  return { database, engine, close: () => database.close() };
}

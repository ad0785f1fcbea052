/** Shared harness of the benchmarks: the module shape `bench/run.ts` runs, and a throwaway database. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/server/config.ts';
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

/** A positive integer from the environment (`name`), or `dflt`. */
export const envInt = (name: string, dflt: number): number => {
  const v = process.env[name];
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : dflt;
};

/** Log in as the seeded admin (`POST /sys/login`) and return the token. */
export async function adminToken(app: FastifyInstance, config: AppConfig): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${config.basePath}/sys/login`,
    payload: { username: 'admin', password: '123456' },
  });
  const body = res.json() as { success?: boolean; result?: { token?: string } };
  if (!body.success || !body.result?.token) throw new Error(`admin login failed: ${res.body}`);
  return body.result.token;
}

/** One SQL statement with its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * The statements the Drizzle client sends while `fn` runs (diagnostics only, not timed): the
 * driver's `query` is wrapped meanwhile (node-postgres and PGlite take `(text, params)`,
 * `({ text, values })` or `({ text }, params)`).
 */
export async function recordQueries(database: Database, fn: () => Promise<unknown>): Promise<Statement[]> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  const seen: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === 'string') seen.push({ sql: first, params: Array.isArray(second) ? second : [] });
    else {
      const q = first as { text?: string; values?: unknown[] };
      seen.push({ sql: q.text ?? '', params: q.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    if (own) client.query = original;
    else delete (client as { query?: QueryFn }).query;
  }
  return seen;
}

/** Print `EXPLAIN ANALYZE` of one statement (BENCH_EXPLAIN=1), indented under its scenario. */
export async function explain(database: Database, label: string, stmt: Statement): Promise<void> {
  const { rows } = await database.rawQuery(`EXPLAIN (ANALYZE, COSTS OFF) ${stmt.sql}`, stmt.params);
  console.log(`    EXPLAIN ANALYZE (${label}):`);
  for (const r of rows) console.log(`      ${Object.values(r as Record<string, unknown>)[0]}`);
}

/** Shared harness of the benchmarks: the module shape `bench/run.ts` runs, and a throwaway database. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { TEST_PASSWORD, freshDatabase } from '../../tests/support/database.ts';

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

/**
 * BENCH_KEEP_DB=<name> (with BENCH_DATABASE_URL): the benchmark's database under that name, kept
 * after the run (drop it yourself: `DROP DATABASE <name>`), to measure again without loading
 * again. Made, migrated and seeded when missing (`loaded: false`: the benchmark loads it and calls
 * `markLoaded`); opened as it is when a run loaded it before. Null without BENCH_KEEP_DB.
 */
export async function keptBenchDatabase(): Promise<
  (BenchDatabase & { loaded: boolean; markLoaded(): Promise<void> }) | null
> {
  const name = process.env.BENCH_KEEP_DB;
  const url = process.env.BENCH_DATABASE_URL;
  if (!name) return null;
  if (!url) throw new Error('BENCH_KEEP_DB needs BENCH_DATABASE_URL');
  if (!/^bench_[a-z0-9_]+$/.test(name))
    throw new Error('BENCH_KEEP_DB: bench_ and lower-case letters, digits, _');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let made = false;
  try {
    if (!(await c.query('select 1 from pg_database where datname = $1', [name])).rowCount) {
      await c.query(`create database ${name}`);
      made = true;
    }
  } finally {
    await c.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  if (made) await seed(database.db, { password: () => TEST_PASSWORD, uploadDir });
  const marked = await database.rawQuery(`select to_regclass('bench_loaded') is not null as loaded`, []);
  const loaded = Boolean((marked.rows[0] as { loaded: boolean }).loaded);
  if (!made && !loaded) {
    await database.close();
    throw new Error(`${name} exists but was never loaded to the end: drop it and run again`);
  }
  const { rows } = await database.rawQuery('SHOW server_version', []);
  const version = (rows[0] as { server_version?: string } | undefined)?.server_version ?? '?';
  return {
    database,
    engine: `PostgreSQL ${version} via node-postgres (${target.host}, kept database ${name}${loaded ? ', loaded before' : ''})`,
    loaded,
    markLoaded: async () =>
      void (await database.rawQuery(`create table bench_loaded (at timestamptz default now())`, [])),
    close: async () => {
      fs.rmSync(uploadDir, { recursive: true, force: true });
      await database.close();
    },
  };
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

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { templateCopy, TEST_PASSWORD } from './database.ts';
import { ADMIN_PASSWORD, freePort, scratchDir } from './spawn-server.ts';

/**
 * PostgreSQL for fault tests: a private server of our own (initdb in a scratch directory, its own
 * port) that a test may stop and start at will, and scratch databases on a shared server.
 */

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** `/usr/lib/postgresql/<newest version>/bin`, when it holds initdb and pg_ctl. */
export function postgresBinDir(): string | undefined {
  let versions: string[];
  try {
    versions = fs.readdirSync(ROOT).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(ROOT, v, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((f) => fs.existsSync(path.join(bin, f)))) return bin;
  }
  return undefined;
}

/**
 * Whether a test needing an unavailable PostgreSQL prerequisite is skipped: only outside CI. Under
 * CI=true it runs and fails with a message saying what is missing.
 */
export const skipOutsideCI = (available: boolean) => !available && !process.env.CI;

export const NO_BINARIES = `PostgreSQL server binaries not found under ${ROOT}/<version>/bin (initdb, pg_ctl, postgres): install Debian's postgresql package`;

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: every connection is terminated, new ones are refused */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stop immediately and delete everything */
  destroy(): Promise<void>;
}

/** initdb and start a private server on a free 127.0.0.1 port (trust auth, no Unix socket in /run). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(NO_BINARIES);
  const scratch = scratchDir('care-pg-');
  const data = path.join(scratch.dir, 'data');
  const log = path.join(scratch.dir, 'server.log');
  // postgres refuses to run as root: the cluster belongs to the postgres OS user
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(scratch.dir, uid, gid);
  }
  const pgCommand = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const port = await freePort();
  try {
    await pgCommand('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  } catch (e) {
    scratch.remove();
    throw e;
  }
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `listen_addresses = '127.0.0.1'`,
      `port = ${port}`,
      `unix_socket_directories = '${scratch.dir}'`,
      // scratch data: durability is not what these tests are about
      'fsync = off',
      'max_connections = 50',
      '',
    ].join('\n'),
  );
  const pgCtl = (...args: string[]) =>
    pgCommand('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
  const server: PrivatePostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => void (await pgCtl('stop', '-m', 'fast')),
    start: async () => void (await pgCtl('start')),
    async destroy() {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      scratch.remove();
    },
  };
  try {
    await server.start();
  } catch (e) {
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    scratch.remove();
    throw new Error(`private PostgreSQL did not start: ${(e as Error).message}\n${text}`, { cause: e });
  }
  return server;
}

/** Run one statement on `url` over a short-lived connection. */
export async function runStatement(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql, params);
  } finally {
    await c.end();
  }
}

/** Whether a PostgreSQL server answers at `url`. */
export async function reachable(url: string): Promise<boolean> {
  try {
    await runStatement(url, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A new empty database on the server of `serverUrl`; `drop()` removes it (and its connections). */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await runStatement(serverUrl, `CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => void (await runStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * The database a spawned server that is not about its first start runs on: a copy of the run's
 * seeded template (a PostgreSQL database on `serverUrl`'s server, or the PGlite data directory
 * `dataDir`), so it starts without migrating and seeding; without a template (outside vitest) an
 * empty one that the server's first start seeds. `adminPassword` is the admin's password either
 * way; `drop()` removes the database.
 */
export interface ServerDatabase {
  url: string;
  adminPassword: string;
  drop(): Promise<void>;
}
export async function serverDatabase(
  target: { serverUrl: string; prefix: string },
  uploadDir: string,
): Promise<ServerDatabase>;
export async function serverDatabase(
  target: { dataDir: string },
  uploadDir: string,
): Promise<{ adminPassword: string; drop(): Promise<void> }>;
export async function serverDatabase(
  target: { serverUrl: string; prefix: string } | { dataDir: string },
  uploadDir: string,
): Promise<{ url?: string; adminPassword: string; drop(): Promise<void> }> {
  const copy = await templateCopy(target, uploadDir);
  if (copy) return { ...copy, adminPassword: TEST_PASSWORD };
  if ('dataDir' in target)
    return {
      adminPassword: ADMIN_PASSWORD,
      drop: async () => fs.rmSync(target.dataDir, { recursive: true, force: true }),
    };
  return { ...(await scratchDatabase(target.serverUrl, target.prefix)), adminPassword: ADMIN_PASSWORD };
}

/**
 * Wait until `count` sessions of the database at `url` wait for a lock, (with `writing`) each in a
 * transaction that has already written. Asked over a connection of its own each time: a session
 * inside a transaction keeps seeing the pg_stat_activity of that transaction's first read.
 */
export async function awaitLockWaiters(url: string, count: number, writing = false): Promise<void> {
  const sql = `SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'
    ${writing ? 'AND backend_xid IS NOT NULL' : ''}`;
  while ((await runStatement(url, sql)).rows[0].n < count) await new Promise((r) => setTimeout(r, 50));
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { withoutEntries } from '../../src/server/db/data-dir-tar.ts';
import { sql } from 'drizzle-orm';

async function admin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * The password test databases give every seeded account. Only test fixtures use it: a real install
 * seeds random passwords (src/server/server.ts, started by src/main/server.ts), so no default install accepts it.
 */
export const TEST_PASSWORD = '123456';

/**
 * How the test seed hashes its accounts' passwords: argon2id as the product writes it, with the
 * smallest cost parameters instead of the product's (19 MiB, two passes). A sign-in checks a test
 * account's password with the same `verifyPassword` (argon2 reads the parameters from the hash), in
 * about 0.6 ms instead of 27, and the suites sign in some thousands of times per run. Passwords
 * set through the app (a change, a reset, a new user) keep the product's parameters.
 */
export const fixturePasswordHash = (plain: string): Promise<string> =>
  hash(plain, { algorithm: 2 /* Argon2id */, memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * A test database with the upload directory its seeded pictures were written to and, on a
 * PostgreSQL server, its URL (a second instance opens its own pool on it).
 */
export type TestDatabase = Database & { uploadDir: string; url?: string };

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or, given a `postgres://` URL, a new
 * database on that server which `close()` drops again. Used by test suites and benchmarks. The
 * seed writes its pictures (banners, goods) into `uploadDir`, by default a new temporary directory
 * that `close()` removes: serve the app from the same directory and no seeded picture is broken.
 */
export async function freshDatabase(
  serverUrl?: string,
  prefix = 't',
  uploadDir?: string,
): Promise<TestDatabase> {
  const ownDir = !uploadDir;
  const dir = uploadDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'care-uploads-'));
  const removeDir = () => ownDir && fs.rmSync(dir, { recursive: true, force: true });
  const database = await seededDatabase(serverUrl, prefix, dir).catch((e) => {
    removeDir();
    throw e;
  });
  return {
    ...database,
    uploadDir: dir,
    async close() {
      try {
        await database.close();
      } finally {
        removeDir();
      }
    },
  };
}

/**
 * The run's template (tests/support/global-setup.ts): one migrated and seeded database per engine,
 * made once per `vitest run`, which every suite's fresh database is a copy of. Without it (a bench,
 * a script) each fresh database is migrated and seeded on its own, with the same outcome.
 */
export const TEMPLATE_ENV = 'CARE_TEST_TEMPLATE_DIR';

interface TemplateFiles {
  /** the PGlite data directory as a tar (`loadDataDir`) */
  pgliteTar: string;
  /** the pictures the PGlite template's seed wrote */
  pgliteUploads: string;
  /** the PostgreSQL template: its server (without database) and name */
  pg?: { server: string; name: string; uploads: string };
}

const templatePaths = (dir: string) => ({
  pgliteTar: path.join(dir, 'pglite.tar'),
  pgliteUploads: path.join(dir, 'uploads-pglite'),
  pgUploads: path.join(dir, 'uploads-pg'),
  pgJson: path.join(dir, 'pg.json'),
});

/** `postgres://user@host:port` of a URL: two URLs naming databases of one server compare equal. */
const serverOf = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.username}@${u.hostname}:${u.port || 5432}`;
};

function readTemplate(): TemplateFiles | undefined {
  const dir = process.env[TEMPLATE_ENV];
  if (!dir) return undefined;
  const p = templatePaths(dir);
  if (!fs.existsSync(p.pgliteTar)) return undefined;
  const pg = fs.existsSync(p.pgJson)
    ? {
        ...(JSON.parse(fs.readFileSync(p.pgJson, 'utf8')) as { server: string; name: string }),
        uploads: p.pgUploads,
      }
    : undefined;
  return { pgliteTar: p.pgliteTar, pgliteUploads: p.pgliteUploads, pg };
}

/**
 * Make the run's templates in `dir`: a seeded PGlite dumped to a tar and, given a server URL, a
 * seeded database on that server for `CREATE DATABASE … TEMPLATE`. Returns what drops them again.
 */
export async function makeTemplates(dir: string, serverUrl?: string): Promise<() => Promise<void>> {
  const p = templatePaths(dir);
  // the two engines' templates side by side: PGlite seeds on its worker thread while the server's
  // seed waits on PostgreSQL (the run's tests wait for both)
  const [lite, server] = await Promise.allSettled([
    pgliteTemplate(p),
    serverUrl ? serverTemplate(p, serverUrl) : undefined,
  ]);
  const drop = server.status === 'fulfilled' ? server.value : undefined;
  if (lite.status === 'rejected') {
    await drop?.().catch(() => undefined);
    throw lite.reason;
  }
  if (server.status === 'rejected') throw server.reason;
  return drop ?? (async () => undefined);
}

async function pgliteTemplate(p: ReturnType<typeof templatePaths>): Promise<void> {
  fs.mkdirSync(p.pgliteUploads, { recursive: true });
  const lite = await seededDatabase(undefined, 't', p.pgliteUploads);
  try {
    // without template0 and template1 (a quarter of the tar): every suite's load copies the tar
    // into the engine, and nothing here creates a database from them or connects to them
    const templates = (
      (await lite.db.execute(
        sql`SELECT oid::text AS oid FROM pg_database WHERE datistemplate`,
      )) as unknown as {
        rows: Array<{ oid: string }>;
      }
    ).rows.map((r) => r.oid);
    const dirs = templates.map((oid) => `base/${oid}/`);
    fs.writeFileSync(
      p.pgliteTar,
      withoutEntries(await lite.dumpDataDir!(), (name) =>
        dirs.some((d) => name.replace(/^\//, '').startsWith(d)),
      ),
    );
  } finally {
    await lite.close();
  }
}

async function serverTemplate(
  p: ReturnType<typeof templatePaths>,
  serverUrl: string,
): Promise<() => Promise<void>> {
  fs.mkdirSync(p.pgUploads, { recursive: true });
  const name = `tpl_care_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const drop = () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    try {
      await seed(database.db, {
        password: () => TEST_PASSWORD,
        hashPassword: fixturePasswordHash,
        uploadDir: p.pgUploads,
      });
    } finally {
      await database.close();
    }
  } catch (e) {
    await drop().catch(() => undefined);
    throw e;
  }
  fs.writeFileSync(p.pgJson, JSON.stringify({ server: serverOf(serverUrl), name }));
  return drop;
}

/**
 * For a spawned server that is not about its first start (tests/fault): a seeded database to start
 * on, copied from the run's template, so the server skips migrating and seeding. On PostgreSQL a
 * new database `CREATE DATABASE … TEMPLATE` on `serverUrl`'s server; on PGlite (no URL) the
 * template loaded into the data directory `dataDir`. The seeded pictures are copied into
 * `uploadDir`. Undefined without a template of that engine (outside vitest): the caller starts on
 * an empty database, which the server seeds with `ADMIN_PASSWORD`. Its accounts' password is
 * `TEST_PASSWORD`.
 */
export async function templateCopy(
  target: { serverUrl: string; prefix: string } | { dataDir: string },
  uploadDir: string,
): Promise<{ url?: string; drop(): Promise<void> } | undefined> {
  const template = readTemplate();
  if (!template) return undefined;
  if ('dataDir' in target) {
    const database = await openDatabase({ dataDir: target.dataDir, loadDataDir: template.pgliteTar });
    await database.close();
    fs.cpSync(template.pgliteUploads, uploadDir, { recursive: true });
    return { drop: async () => fs.rmSync(target.dataDir, { recursive: true, force: true }) };
  }
  const { serverUrl, prefix } = target;
  if (!template.pg || template.pg.server !== serverOf(serverUrl)) return undefined;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.pg.name}`);
  fs.cpSync(template.pg.uploads, uploadDir, { recursive: true });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function seededDatabase(serverUrl: string | undefined, prefix: string, uploadDir: string) {
  const TEST_SEED = { password: () => TEST_PASSWORD, hashPassword: fixturePasswordHash, uploadDir };
  const template = readTemplate();
  if (!serverUrl) {
    if (template) {
      fs.cpSync(template.pgliteUploads, uploadDir, { recursive: true });
      return openDatabase({ dataDir: 'memory://', loadDataDir: template.pgliteTar });
    }
    const database = await openDatabase({ dataDir: 'memory://' });
    await seed(database.db, TEST_SEED).catch(async (e) => {
      await database.close();
      throw e;
    });
    return database;
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const copy = template?.pg && template.pg.server === serverOf(serverUrl) ? template.pg : undefined;
  await admin(serverUrl, `CREATE DATABASE ${name}${copy ? ` TEMPLATE ${copy.name}` : ''}`);
  const drop = () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    if (copy) fs.cpSync(copy.uploads, uploadDir, { recursive: true });
    else await seed(database.db, TEST_SEED);
  } catch (e) {
    await database?.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw e;
  }
  const opened = database;
  return {
    ...opened,
    url: target.toString(),
    async close() {
      try {
        await opened.close();
      } finally {
        await drop();
      }
    },
  };
}

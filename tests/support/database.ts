import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';

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
 * seeds random passwords (src/server/server.ts), so no default install accepts it.
 */
export const TEST_PASSWORD = '123456';

/** A test database with the upload directory its seeded pictures were written to. */
export type TestDatabase = Database & { uploadDir: string };

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

async function seededDatabase(serverUrl: string | undefined, prefix: string, uploadDir: string) {
  const TEST_SEED = { password: () => TEST_PASSWORD, uploadDir };
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seed(database.db, TEST_SEED).catch(async (e) => {
      await database.close();
      throw e;
    });
    return database;
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const drop = () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    await seed(database.db, TEST_SEED);
  } catch (e) {
    await database?.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw e;
  }
  const opened = database;
  return {
    ...opened,
    async close() {
      try {
        await opened.close();
      } finally {
        await drop();
      }
    },
  };
}

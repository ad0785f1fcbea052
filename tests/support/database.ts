import { randomBytes } from 'node:crypto';
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
 * A fresh, migrated and seeded database: in-memory PGlite, or, given a `postgres://` URL, a new
 * database on that server which `close()` drops again. Used by test suites and benchmarks.
 */
export async function freshDatabase(serverUrl?: string, prefix = 't'): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seed(database.db).catch(async (e) => {
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
    await seed(database.db);
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

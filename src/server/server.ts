import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { buildApp } from './app.ts';
import { holdDataDir } from './lib/files/data-lock.ts';
import type { BuildOptions } from './app.ts';

/**
 * Start the product: open (and migrate, seed) the database, then listen. The process entry
 * (src/main/server.ts) calls it with what the server is given from outside (the saved-script runner).
 */
export async function startServer(extra: Pick<BuildOptions, 'scriptRunner'> = {}): Promise<void> {
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    fs.mkdirSync(path.dirname(config.dataDir), { recursive: true });
    release = holdDataDir(config.dataDir);
  }
  fs.mkdirSync(config.uploadDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lanes: config.dbLanes,
  });
  const seeded = await seed(database.db, {
    password: (username) => (username === 'admin' ? process.env.ADMIN_PASSWORD : undefined),
    uploadDir: config.uploadDir,
  });
  const app = await buildApp({ config, database, ...extra });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Care console running at http://${shown}:${config.port}/`,
    `  API base: http://${shown}:${config.port}${config.basePath}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  const fromEnv = (username: string) => username === 'admin' && !!process.env.ADMIN_PASSWORD;
  const created = seeded.createdUsers;
  if (created.length) {
    // shown once: only hashes are stored, so this is the only place these passwords ever appear
    lines.push('  Seeded accounts (their passwords are shown only this once):');
    for (const u of created)
      lines.push(`    ${u.username.padEnd(10)} ${fromEnv(u.username) ? '(ADMIN_PASSWORD)' : u.password}`);
  }
  const admin = created.find((u) => u.username === 'admin');
  lines.push(
    admin
      ? `  Admin login: admin / ${fromEnv('admin') ? '(ADMIN_PASSWORD)' : admin.password}`
      : '  Admin login: admin (password set at first start; lost it? npm run reset-password -- admin)',
  );
  console.log([...lines, ''].join('\n'));
}

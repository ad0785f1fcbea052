import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { SEED_PASSWORD } from './db/seed/data/org.ts';
import { buildApp } from './app.ts';
import { verifyPassword } from './lib/password.ts';
import { findUserByUsername } from './repos/users.ts';

/** Start the product: open (and migrate, seed) the database, then listen. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(path.dirname(config.dataDir), { recursive: true });
  fs.mkdirSync(config.uploadDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seed(database.db);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const admin = await findUserByUsername(database.db, 'admin');
  const stillDefault = admin ? (await verifyPassword(admin, SEED_PASSWORD)).ok : false;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Care console running at http://${shown}:${config.port}/`,
    `  API base: http://${shown}:${config.port}${config.basePath}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    stillDefault
      ? `  Admin login: admin / ${SEED_PASSWORD}   (seeded default; change it after first login)`
      : '  Admin login: admin (password already changed)',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

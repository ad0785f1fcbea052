import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';
import { makeTemplates, TEMPLATE_ENV } from './database.ts';
import { SERVER_BUNDLE_ENV } from './server-bundle.ts';

/**
 * Once per `vitest run`: migrate and seed one template database per engine (PGlite, and the
 * PostgreSQL server of `TEST_DATABASE_URL` or `TEST_POSTGRES_URL` when set); every suite's fresh database is a copy of it
 * (tests/support/database.ts). Also bundles the server once for the tests that spawn it
 * (tests/support/server-bundle.ts). The directory reaches the test processes through the environment,
 * which forked workers inherit. Several projects list this file: they share one template.
 */
type Shared = {
  ready: Promise<void>;
  users: number;
  teardown?: () => Promise<void>;
  dir: string;
  /** the run's server bundle (inside the repository: its npm packages resolve from node_modules) */
  serverDir: string;
};
const key = Symbol.for('care-console.test-template');
const holder = globalThis as unknown as Record<symbol, Shared | undefined>;

export async function setup(): Promise<void> {
  let shared = holder[key];
  if (!shared) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-template-'));
    const serverDir = path.resolve('dist/test-server', path.basename(dir));
    const made: Shared = { dir, serverDir, users: 0, ready: Promise.resolve() };
    const removeDirs = () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(serverDir, { recursive: true, force: true });
    };
    made.ready = Promise.all([
      makeTemplates(dir, process.env.TEST_DATABASE_URL || process.env.TEST_POSTGRES_URL),
      buildServer(serverDir),
    ]).then(
      ([drop]) => {
        made.teardown = async () => {
          await drop();
          removeDirs();
        };
      },
      (e: unknown) => {
        removeDirs();
        throw e;
      },
    );
    shared = holder[key] = made;
  }
  shared.users++;
  await shared.ready;
  process.env[TEMPLATE_ENV] = shared.dir;
  process.env[SERVER_BUNDLE_ENV] = shared.serverDir;
}

export async function teardown(): Promise<void> {
  const shared = holder[key];
  if (!shared || --shared.users > 0) return;
  holder[key] = undefined;
  await shared.teardown?.();
}

import path from 'node:path';
import type { SERVER_ENTRIES } from '../../scripts/build-server.mjs';

/**
 * The run's server bundle (scripts/build-server.mjs, as `npm start` runs it), built once by
 * tests/support/global-setup.ts: tests that spawn the real server start it from here, which costs
 * about a third of the CPU of starting the sources through tsx.
 */
export const SERVER_BUNDLE_ENV = 'CARE_TEST_SERVER_DIR';

/** Node's arguments that run `entry` of the bundle (`server`, `reset-password`). */
export function bundledEntry(entry: keyof typeof SERVER_ENTRIES): string[] {
  const dir = process.env[SERVER_BUNDLE_ENV];
  if (!dir)
    throw new Error('no server bundle: spawning tests run under vitest (tests/support/global-setup.ts)');
  return ['--enable-source-maps', path.join(dir, `${entry}.mjs`)];
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers (tests/README.md says which to write for what):
 * - unit: pure modules (shared rules, web logic, command core): no database, no isolation per file;
 * - server: app.inject, command executor and fault tests, each suite on a copy of the run's
 *   seeded template database (tests/support/global-setup.ts); the only tier rerun on PostgreSQL;
 * - e2e: the built client in Debian's Chromium, one browser per worker shared by its files; on the
 *   PostgreSQL server when one is given (TEST_POSTGRES_URL), else on PGlite.
 * One worker more than the machine has cores: database and browser work run in other threads and
 * processes, so a worker often waits. On 2 cores two workers kept the CPU about 88 % busy; three
 * keep it 97 % busy (vmstat) and ran `npm test` with the PostgreSQL pass in 852 s against 909 s
 * for two, on the same idle machine. `TEST_WORKERS=n` sets another count.
 */
const GLOBAL_SETUP = ['tests/support/global-setup.ts'];

/** tests outside tests/shared, tests/web and tests/commands/core that touch no database */
const PURE_ELSEWHERE = [
  'tests/commands/index.test.ts',
  'tests/commands/headless.test.ts',
  'tests/commands/page-list.test.ts',
  'tests/server/import-sheet-reader.test.ts',
  'tests/server/import-xls-malformed.test.ts',
  'tests/server/import-xls-reader.test.ts',
  'tests/server/menu-tree.test.ts',
  'tests/server/seed-data.test.ts',
];
/** tests inside those folders that start the app */
const SERVER_ELSEWHERE = ['tests/web/lib/dict-sign-client.test.ts'];

const SERVER_FILES = {
  include: [
    'tests/server/**/*.test.ts',
    'tests/commands/**/*.test.ts',
    'tests/fault/**/*.test.ts',
    'tests/cli/**/*.test.ts',
    ...SERVER_ELSEWHERE,
  ],
  exclude: ['tests/commands/core/**', ...PURE_ELSEWHERE],
};

/**
 * `TEST_POSTGRES_URL=postgres://…/db` adds the server tier a second time against that PostgreSQL
 * server (as `TEST_DATABASE_URL` there), in the same run and the same workers (.ci/run). The
 * fault tests already cover both engines in one pass and are not repeated.
 */
const POSTGRES = process.env.TEST_POSTGRES_URL;
/**
 * server files that pick their engines themselves (a spawned server on a PGlite data dir, PGlite in
 * memory and a PostgreSQL scratch database side by side): the PostgreSQL pass would repeat them
 */
const ENGINES_OF_THEIR_OWN = [
  'tests/server/start.test.ts',
  'tests/server/pglite-dump.test.ts',
  'tests/server/pglite-spare.test.ts',
  'tests/server/auth-cache.test.ts',
  'tests/server/priority-pool.test.ts',
  'tests/server/yy/operations-seed.test.ts',
  // the `care` binary against a spawned server on a PGlite copy
  'tests/cli/care.test.ts',
];

export default defineConfig({
  test: {
    // Timeouts only catch a hang: they are no measure of speed. The same work takes twice as long
    // on one day's machine as on another's (tests/README.md), and a test that took 27 s on one
    // timed out at 30 s on the next. Tests and files set none of their own below these.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // `expect.poll` waits for what the page or server does next, as Playwright's waits do
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism() + 1,
    reporters: ['default', './tests/support/slowest-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/shared/**/*.test.ts',
            'tests/web/**/*.test.ts',
            'tests/commands/core/**/*.test.ts',
            ...PURE_ELSEWHERE,
          ],
          exclude: SERVER_ELSEWHERE,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          ...SERVER_FILES,
          pool: 'forks',
          isolate: false,
          globalSetup: GLOBAL_SETUP,
        },
      },
      ...(POSTGRES
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                include: SERVER_FILES.include.filter((f) => !f.startsWith('tests/fault')),
                exclude: [...SERVER_FILES.exclude, 'tests/fault/**', ...ENGINES_OF_THEIR_OWN],
                env: { TEST_DATABASE_URL: POSTGRES },
                pool: 'forks' as const,
                isolate: false,
                globalSetup: GLOBAL_SETUP,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // with a PostgreSQL server given (CI), the browser tests' servers use it: they test the
          // screens, the server tier tests both engines, and PGlite's WebAssembly cost a sixth of
          // the tier's time
          ...(POSTGRES ? { env: { TEST_DATABASE_URL: POSTGRES } } : {}),
          pool: 'forks',
          // files of a worker share its Chromium (tests/support/browser.ts)
          isolate: false,
          globalSetup: GLOBAL_SETUP,
        },
      },
    ],
  },
});

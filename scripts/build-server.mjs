// The server as plain JavaScript: its entry src/main/server.ts and the reset-password CLI bundled by esbuild
// (the project's own modules in shared chunks, npm packages left as imports), with the files they
// read beside them (the PGlite worker, the migrations). Node then starts it without a TypeScript
// loader: about 1 CPU-s to import the app instead of about 3 with tsx, for `npm start` and for the
// tests that spawn the real server (tests/support/server-bundle.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The entry points, by the file name each gets in the output directory. */
export const SERVER_ENTRIES = {
  server: 'src/main/server.ts',
  'reset-password': 'src/server/cli/reset-password.ts',
};

/**
 * npm packages stay imports (resolved from node_modules at run time), except JSON data files: Node
 * imports JSON only with an import attribute, so those are bundled.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.endsWith('.json') ? undefined : { external: true },
    );
  },
};

/**
 * Bundle the server into `outDir` (inside the repository, so the packages it imports resolve from
 * its node_modules). Takes a fraction of a second; the directory is replaced.
 */
export async function buildServer(outDir = path.join(root, 'dist/server')) {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // read at run time next to the code that names them (import.meta.url of the bundle's chunks)
  fs.copyFileSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}

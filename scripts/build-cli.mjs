// The `care` CLI as plain JavaScript: src/cli/care.ts bundled by esbuild with the command registry
// (commands/) and the shared rules, npm packages left as imports (resolved from the package's
// node_modules). bin/care.mjs builds it when it is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose files the bundle is made of (a newer file makes it stale). */
export const CLI_SOURCES = ['src/cli', 'src/shared', 'commands'];

/** npm packages stay imports, except JSON data files (Node imports JSON only with an attribute). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.endsWith('.json') ? undefined : { external: true },
    );
  },
};

/** Bundle the CLI into `outDir/care.mjs` (written to a new file, then renamed into place). */
export async function buildCli(outDir = path.join(root, 'dist/cli')) {
  fs.mkdirSync(outDir, { recursive: true });
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const temp = path.join(outDir, `care.${process.pid}.tmp.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/care.ts'],
    outfile: temp,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    define: { __CARE_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  });
  const out = path.join(outDir, 'care.mjs');
  fs.renameSync(temp, out);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` (oxlint, configured in .oxlintrc.json) refuses an import cycle in the product's code
 * and a client or shared module importing the server: modules made for the test under src/ and
 * commands/ must be reported with the repository's own configuration, as `lint:code` runs it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const probes: string[] = [];

function cycleIn(folder: string): string[] {
  const dir = path.join(ROOT, folder, `.cycle-probe-${process.pid}`);
  probes.push(dir);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'a.ts'),
    "import { b } from './b.ts';\nexport const a = (): unknown => b;\n",
  );
  fs.writeFileSync(
    path.join(dir, 'b.ts'),
    "import { a } from './a.ts';\nexport const b = (): unknown => a;\n",
  );
  return [path.join(dir, 'a.ts'), path.join(dir, 'b.ts')];
}

afterAll(() => {
  for (const dir of probes) fs.rmSync(dir, { recursive: true, force: true });
});

/** oxlint's JSON report of `files`, with the repository's configuration (as `lint:code` runs it). */
function lint(files: string[]) {
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/oxlint'),
    ['--format', 'json', ...files.map((f) => path.relative(ROOT, f))],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; filename: string }> };
  return { status: run.status, diagnostics: report.diagnostics };
}

/** A module under `folder` importing the server's app, the way a client module must not. */
function serverImportIn(folder: string): string {
  const dir = path.join(ROOT, folder, `.boundary-probe-${process.pid}`);
  probes.push(dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'probe.ts');
  const app = path.relative(dir, path.join(ROOT, 'src/server/app.ts'));
  fs.writeFileSync(
    file,
    `import { buildApp } from '${app}';\nexport const probe = (): unknown => buildApp;\n`,
  );
  return file;
}

describe('lint: the server boundary', () => {
  it.each(['src/web', 'src/shared', 'commands/core'])('refuses a server import under %s', (folder) => {
    const { status, diagnostics } = lint([serverImportIn(folder)]);
    expect(status).toBe(1);
    expect(diagnostics.map((d) => d.code)).toEqual(['eslint(no-restricted-imports)']);
  });

  it.each(['src/server/lib', 'src/main', 'tests/support'])('allows it under %s', (folder) => {
    const { status, diagnostics } = lint([serverImportIn(folder)]);
    expect(diagnostics).toEqual([]);
    expect(status).toBe(0);
  });
});

describe('lint: the server imports only src/shared', () => {
  it('refuses a command-layer import under src/server', () => {
    const dir = path.join(ROOT, 'src/server/lib', `.layer-probe-${process.pid}`);
    probes.push(dir);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'probe.ts');
    const commands = path.relative(dir, path.join(ROOT, 'commands/index.ts'));
    fs.writeFileSync(
      file,
      `import { COMMANDS } from '${commands}';\nexport const probe = (): unknown => COMMANDS;\n`,
    );
    const { status, diagnostics } = lint([file]);
    expect(status).toBe(1);
    expect(diagnostics.map((d) => d.code)).toEqual(['eslint(no-restricted-imports)']);
  });
});

describe('lint: import cycles', () => {
  it.each(['src/shared', 'src/server/lib', 'commands/core'])('reports a cycle under %s', async (folder) => {
    const files = cycleIn(folder);
    const { status, diagnostics } = lint(files);
    expect(status).toBe(1);
    const cycles = diagnostics.filter((d) => d.code === 'import(no-cycle)');
    expect(cycles.map((d) => path.resolve(ROOT, d.filename)).sort()).toEqual([...files].sort());
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` refuses an import cycle in the product's code (oxlint's import/no-cycle, configured
 * in .oxlintrc.json: a hundredth of the time eslint's import-x took): two modules made for the test
 * under src/ and commands/ import each other and must be reported with the repository's own
 * configuration, as `lint:code` runs it.
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

describe('lint: import cycles', () => {
  it.each(['src/shared', 'src/server/lib', 'commands/core'])('reports a cycle under %s', async (folder) => {
    const files = cycleIn(folder);
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/oxlint'),
      ['--format', 'json', ...files.map((f) => path.relative(ROOT, f))],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; filename: string }> };
    const cycles = report.diagnostics.filter((d) => d.code === 'import(no-cycle)');
    expect(cycles.map((d) => path.resolve(ROOT, d.filename)).sort()).toEqual([...files].sort());
  });
});

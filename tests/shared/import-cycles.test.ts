import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` refuses an import cycle in the product's code (eslint.config.js, import-x/no-cycle):
 * two modules made for the test under src/ and commands/ import each other and must be reported with
 * the repository's own configuration.
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
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(cycleIn(folder));
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules.filter((r) => r === 'import-x/no-cycle')).toHaveLength(2);
  });
});

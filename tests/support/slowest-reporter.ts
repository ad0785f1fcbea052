import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the end-of-run table lists. */
const SHOWN = 15;

/**
 * Prints the slowest test files at the end of a run (time in the file's tests and hooks, plus its
 * import), with their project: where to look first when the suite grows slower.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: path.relative(process.cwd(), m.moduleId),
          project: m.project.name,
          ms: d.duration + d.collectDuration + d.setupDuration,
        };
      })
      .sort((a, b) => b.ms - a.ms);
    // SLOWEST_JSON=<file> keeps every file's time, to compare runs or to sum a tier
    if (process.env.SLOWEST_JSON) writeFileSync(process.env.SLOWEST_JSON, JSON.stringify(rows, null, 1));
    rows.splice(SHOWN);
    if (!rows.length) return;
    const lines = rows.map(
      (r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.project.padEnd(6)} ${r.file}`,
    );
    console.log(`\nSlowest ${rows.length} test files:\n${lines.join('\n')}\n`);
  }
}

/**
 * Benchmark entry (`npm run bench`): runs every module of BENCHMARKS in sequence.
 * `npm run bench -- users-list` runs only the named ones. Timings are printed, never asserted on.
 */
import os from 'node:os';
import type { Benchmark } from './lib/bench.ts';
import { dispatch } from './dispatch.ts';
import { orders } from './orders.ts';
import { paletteRank } from './palette-rank.ts';
import { routeWeight } from './route-weight.ts';
import { statements } from './statements.ts';
import { homeStats } from './home-stats.ts';
import { resourceList } from './resource-list.ts';
import { throughput } from './throughput.ts';
import { usersExport } from './users-export.ts';
import { usersList } from './users-list.ts';

/** Add new benchmark modules here; they run in this order. */
const BENCHMARKS: Benchmark[] = [
  usersList,
  usersExport,
  paletteRank,
  resourceList,
  routeWeight,
  throughput,
  dispatch,
  orders,
  statements,
  homeStats,
];

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !BENCHMARKS.some((b) => b.name === w));
  if (unknown.length) {
    console.error(
      `unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  const selected = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `node ${process.version}, ${os.cpus().length} x ${cpu}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let failed = 0;
  for (const b of selected) {
    console.log(`\n=== ${b.name}: ${b.description}`);
    try {
      await b.run();
    } catch (e) {
      failed++;
      console.error(`benchmark ${b.name} failed:`, e);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

await main();

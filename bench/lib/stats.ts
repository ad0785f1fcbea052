/**
 * Timing helpers for the benchmarks: warm up, run N timed iterations one after the other, and
 * summarise the samples (median, p95, mean, spread). Timings are only printed, never asserted on.
 */

export interface MeasureOptions {
  /** untimed runs first (JIT, plan cache, buffer cache) */
  warmup?: number;
  /** timed runs wanted */
  iterations?: number;
  /** stop early once this many timed runs are done and `budgetMs` is spent (slow machines) */
  minIterations?: number;
  /** soft time budget for the timed runs, in ms */
  budgetMs?: number;
}

export interface Stats {
  /** timed iterations actually run */
  n: number;
  min: number;
  median: number;
  p95: number;
  mean: number;
  max: number;
  /** standard deviation */
  sd: number;
  /** all samples in ms, in the order they were taken */
  samples: number[];
}

const nowNs = () => process.hrtime.bigint();
const msSince = (start: bigint) => Number(nowNs() - start) / 1e6;

/** Nearest-rank percentile of sorted samples (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = n ? sorted.reduce((s, v) => s + v, 0) / n : NaN;
  const sd = n > 1 ? Math.sqrt(sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : 0;
  const mid = Math.floor(n / 2);
  const median = n === 0 ? NaN : n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    n,
    min: sorted[0] ?? NaN,
    median,
    p95: percentile(sorted, 95),
    mean,
    max: sorted[n - 1] ?? NaN,
    sd,
    samples,
  };
}

/** Time `fn`: `warmup` untimed calls, then up to `iterations` timed calls in sequence. */
export async function measure(fn: () => Promise<unknown>, opts: MeasureOptions = {}): Promise<Stats> {
  const { warmup = 5, iterations = 40, minIterations = 10, budgetMs = Infinity } = opts;
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const started = nowNs();
  for (let i = 0; i < iterations; i++) {
    const t0 = nowNs();
    await fn();
    samples.push(msSince(t0));
    if (samples.length >= minIterations && msSince(started) > budgetMs) break;
  }
  return summarise(samples);
}

/**
 * Time several functions against each other, interleaved: every round runs each of them once
 * (the starting one rotates), so drift on a noisy machine hits all of them alike. Returns one
 * Stats per function, in the order given. `budgetMs` applies to all of them together.
 */
export async function measureEach(
  fns: Array<() => Promise<unknown>>,
  opts: MeasureOptions = {},
): Promise<Stats[]> {
  const { warmup = 5, iterations = 40, minIterations = 10, budgetMs = Infinity } = opts;
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const samples: number[][] = fns.map(() => []);
  const started = nowNs();
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < fns.length; k++) {
      const j = (i + k) % fns.length;
      const t0 = nowNs();
      await fns[j]!();
      samples[j]!.push(msSince(t0));
    }
    if (i + 1 >= minIterations && msSince(started) > budgetMs) break;
  }
  return samples.map(summarise);
}

/** Milliseconds with a precision that suits their size. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return '-';
  if (v >= 100) return v.toFixed(0);
  if (v >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

/** `x`-ratio of two timings, e.g. "3.4x". */
export const ratio = (a: number, b: number): string =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}x` : '-';

/** Wide (CJK) characters take two terminal columns. */
function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s)
    w +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        ch,
      )
        ? 2
        : 1;
  return w;
}

function pad(s: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(s)));
  return align === 'left' ? s + fill : fill + s;
}

/**
 * Print a plain-text table. Columns are right-aligned except those named in `opts.leftAlign`
 * (by default the first one); `opts.indent` is put before every line.
 */
export function printTable(
  headers: string[],
  rows: string[][],
  opts: { leftAlign?: number[]; indent?: string } = {},
): void {
  const { leftAlign = [0], indent = '' } = opts;
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: string[]) =>
    indent +
    cells
      .map((c, i) => pad(c, widths[i]!, leftAlign.includes(i) ? 'left' : 'right'))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(indent + widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The cells `n, median, p95, mean, min, max, sd` of a table row. */
export const statCells = (s: Stats): string[] => [
  String(s.n),
  ms(s.median),
  ms(s.p95),
  ms(s.mean),
  ms(s.min),
  ms(s.max),
  ms(s.sd),
];

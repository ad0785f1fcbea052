import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textWidth } from '../../commands/core/text-width.ts';
import { FRAME_COLUMNS } from '../../commands/core/live.ts';
import { serverHarness } from './server-harness.ts';

/**
 * `monitor top` and `monitor db` against the real server, where no screen can be redrawn (one
 * frame printed): every line of the frame fits 80 columns, the figures are there, and the calls
 * need no code beyond the commands' own.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness();
});
afterAll(async () => h?.close());

/** What a command line printed (its frame goes through `ctx.output`). */
async function printed(line: string): Promise<string> {
  h.state.output.length = 0;
  const { results } = await h.terminal(line);
  expect(
    results.map((r) => r.error ?? r.status),
    line,
  ).toEqual(['ok']);
  return h.state.output.join('\n');
}

const fits = (out: string) => {
  for (const line of out.split('\n')) expect(textWidth(line), line).toBeLessThanOrEqual(FRAME_COLUMNS);
};

describe('monitor commands', () => {
  it('monitor top prints one screen of this instance’s figures within 80 columns', async () => {
    const out = await printed('monitor top --once');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^monitor top 实时监控\s+\S+:\d+\s+\d\d:\d\d:\d\d\s+q 退出$/);
    for (const label of ['CPU', '内存', 'V8 堆', '事件循环', 'GC', 'HTTP', '句柄', '运行'])
      expect(
        lines.filter((l) => l.startsWith(label)),
        label,
      ).toHaveLength(1);
    expect(out).toMatch(/HTTP\s+请求 \d+ \(0\.0\/s\)/);
    // a worker that ran many files holds a heap past 1 GB: the unit follows the size
    expect(out).toMatch(/V8 堆\s+已用 [\d.]+ [MG]B\/[\d.]+ [MG]B/);
    expect(out).toMatch(/^\s+\d+\s+[\d.]+ POST\s+\/jeecg-boot\/sys\/login$/m);
    fits(out);
    // without --once too: a headless executor has no screen to redraw, so one frame and done
    expect((await printed('monitor top')).split('\n')[0]).toMatch(/^monitor top/);
    expect(h.permissionMismatches()).toEqual([]);
  });

  it('monitor db prints the database: engine, size, locks, slowest statements or why not, tables', async () => {
    const out = await printed('monitor db --once');
    expect(out.split('\n')[0]).toMatch(/^monitor db 数据库监控/);
    expect(out).toMatch(
      new RegExp(`引擎\\s+${h.t.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} \\d+`),
    );
    expect(out).toMatch(/锁\s+持有 \d+\s+等待 \d+/);
    expect(out).toMatch(/最慢语句|平均ms/);
    expect(out).toMatch(/\syy_visit_order$/m);
    fits(out);
    expect(h.permissionMismatches()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { runLive } from '../../../commands/core/live.ts';
import type { CommandContext, LiveScreen } from '../../../commands/core/types.ts';

/** A context with a fake screen of `columns` × `rows`, recording what is drawn. */
function setup(columns = 20, rows = 4) {
  const frames: string[][] = [];
  const printed: string[] = [];
  const controller = new AbortController();
  let quit!: () => void;
  let closed = 0;
  const screen: LiveScreen = {
    size: () => ({ columns, rows }),
    draw: (lines) => void frames.push(lines),
    quit: new Promise<void>((r) => (quit = r)),
    close: () => void (closed += 1),
  };
  const ctx = {
    output: (l: string) => void printed.push(l),
    signal: controller.signal,
    live: () => screen,
  } as unknown as CommandContext;
  return { ctx, frames, printed, quit: () => quit(), abort: () => controller.abort(), closed: () => closed };
}

describe('runLive', () => {
  it('redraws frames cut to the screen until q, then gives the screen back', async () => {
    const s = setup();
    let n = 0;
    const run = runLive(
      s.ctx,
      async (rows) => [`帧 ${(n += 1)} 共 ${rows} 行`, 'x'.repeat(40), 'a', 'b', 'c', 'd'],
      {
        intervalMs: 5,
      },
    );
    while (s.frames.length < 3) await new Promise((r) => setTimeout(r, 5));
    s.quit();
    await expect(run).resolves.toEqual({});
    expect(s.frames[0]).toEqual(['帧 1 共 4 行', `${'x'.repeat(19)}…`, 'a', 'b']);
    expect(s.frames[2]![0]).toBe('帧 3 共 4 行');
    expect(s.printed).toEqual([]);
    expect(s.closed()).toBe(1);
  });

  it('ends on Ctrl+C as a cancellation, the screen given back', async () => {
    const s = setup();
    const run = runLive(s.ctx, async () => ['x'], { intervalMs: 10_000 });
    while (s.frames.length < 1) await new Promise((r) => setTimeout(r, 5));
    s.abort();
    await expect(run).rejects.toThrow(/cancelled/);
    expect(s.closed()).toBe(1);
  });

  it('chosen where no screen is lent but the terminal can be opened (the palette), runs its line there', async () => {
    const s = setup();
    const opened: Array<[string, unknown]> = [];
    const palette = {
      ...s.ctx,
      live: undefined,
      open: async (widget: string, props: unknown) => void opened.push([widget, props]),
    } as unknown as CommandContext;
    const r = await runLive(palette, async () => ['frame'], { line: 'monitor top' });
    expect(opened).toEqual([['terminal.run', { line: 'monitor top' }]]);
    expect(r.message).toContain('已在终端中打开');
    expect(s.printed).toEqual([]);
    // with --once it prints, and a terminal that cannot be opened falls back to printing
    await runLive(palette, async () => ['once'], { line: 'monitor top', once: true });
    const noTerminal = { ...palette, open: async () => Promise.reject(new Error('界面组件不可用')) };
    await runLive(noTerminal as CommandContext, async () => ['fallback'], { line: 'monitor top' });
    expect(s.printed).toEqual(['once', 'fallback']);
    expect(opened).toHaveLength(1);
  });

  it('prints one whole frame with --once, or where no screen is lent', async () => {
    const s = setup();
    await runLive(s.ctx, async (rows) => [`rows ${rows}`, 'y'.repeat(30)], { once: true });
    expect(s.printed).toEqual(['rows Infinity', 'y'.repeat(30)]);
    expect(s.frames).toEqual([]);
    const headless = { ...s.ctx, live: undefined } as CommandContext;
    await runLive(headless, async () => ['one'], {});
    expect(s.printed.at(-1)).toBe('one');
  });
});

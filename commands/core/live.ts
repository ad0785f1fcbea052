/**
 * Live terminal views (`monitor top`, `monitor db`, `log tail`): a frame of text lines redrawn in
 * place once a second until `q` or Ctrl+C, on the screen the terminal lends (`ctx.live`). Where no
 * screen can be redrawn (the palette, scripts, a headless executor) or with `--once`, one frame is
 * printed as output lines and the command ends; a surface that can open the terminal panel (the
 * palette) runs the view's line there instead.
 */
import { truncateText } from './text-width.ts';
import type { CommandContext, CommandResult } from './types.ts';

/** The layout width of a frame: one screen of figures reads at 80 columns. */
export const FRAME_COLUMNS = 80;

export interface LiveOptions {
  /** print one frame and end, even on a terminal that could redraw */
  once?: boolean;
  /**
   * the command line of the view: run from a surface without a screen that can open the terminal
   * (the palette), it is run there instead of printing a frame
   */
  line?: string;
  /** ms between frames (default 1000) */
  intervalMs?: number;
}

/** Resolves after `ms`, or at once when `signal` aborts or `quit` resolves. */
function pause(ms: number, signal: AbortSignal, quit: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
    void quit.then(done);
  });
}

/**
 * Runs a live view: `frame(rows)` answers the lines of one screen (`rows` is how many fit, title
 * included). A frame's lines are cut to the screen's width and height, so it never wraps or scrolls.
 */
export async function runLive(
  ctx: CommandContext,
  frame: (rows: number) => Promise<string[]>,
  opts: LiveOptions = {},
): Promise<CommandResult> {
  const screen = opts.once ? undefined : ctx.live?.();
  if (!screen && !opts.once && opts.line && ctx.open) {
    try {
      await ctx.open('terminal.run', { line: opts.line });
      return { message: '已在终端中打开实时视图（按 q 退出）' };
    } catch {
      // no terminal on this screen: one frame below
    }
  }
  if (!screen) {
    for (const line of await frame(Number.POSITIVE_INFINITY)) ctx.output(line);
    return {};
  }
  let quit = false;
  void screen.quit.then(() => (quit = true));
  try {
    while (!quit && !ctx.signal.aborted) {
      const { columns, rows } = screen.size();
      const lines = await frame(Math.max(1, rows));
      if (quit || ctx.signal.aborted) break;
      screen.draw(lines.slice(0, Math.max(1, rows)).map((l) => truncateText(l, Math.max(1, columns))));
      await pause(opts.intervalMs ?? 1000, ctx.signal, screen.quit);
    }
  } finally {
    screen.close();
  }
  if (ctx.signal.aborted) throw new DOMException('cancelled', 'AbortError');
  return {};
}

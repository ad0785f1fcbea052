import type { CommandContext } from '../core/types.ts';
import { COMMAND_MSG } from '../core/errors.ts';

/** Open a widget of the page; the terminal-only and headless callers have none. */
export async function openWidget<T>(
  ctx: CommandContext,
  name: string,
  props?: Record<string, unknown>,
): Promise<T> {
  if (!ctx.open) throw new Error(COMMAND_MSG.needsPage);
  return (await ctx.open(name, props)) as T;
}

/** The grid of the current page, or a clear refusal. */
export function currentGrid(ctx: CommandContext) {
  const grid = ctx.keys.grid;
  if (!grid) throw new Error('当前页面没有表格');
  return grid;
}

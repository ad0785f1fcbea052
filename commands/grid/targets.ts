import { z } from 'zod';
import type { CommandContext } from '../core/types.ts';
import { MSG } from '../../src/shared/api.ts';

/**
 * The rows a batch command acts on: explicit ids (comma or space separated), else records piped in
 * from the previous command, else the grid selection.
 */
export function targetIds(ctx: CommandContext, given: string | undefined): string[] {
  const explicit = (given ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (explicit.length) return explicit;
  if (ctx.input?.length) return ctx.input.map((r) => String(r.id ?? '')).filter(Boolean);
  return ctx.keys.selection ?? [];
}

/** Spec §5: batch actions with nothing selected. */
export const NOTHING_SELECTED = MSG.nothingSelected;

export function requireTargets(ctx: CommandContext, given: string | undefined): string[] {
  const ids = targetIds(ctx, given);
  if (ids.length === 0) throw new Error(NOTHING_SELECTED);
  return ids;
}

/** `ids` positional plus a `prepare` that refuses an empty selection before any confirmation. */
export const idsTarget = {
  args: z.object({ ids: z.string().optional().describe('id，逗号分隔；默认管道输入或表格选中行') }),
  positional: ['ids'],
  prepare(ctx: CommandContext, { ids }: { ids?: string }) {
    requireTargets(ctx, ids);
  },
};

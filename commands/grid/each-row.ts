import type { CommandContext, CommandResult } from '../core/types.ts';
import { COMMAND_MSG } from '../core/errors.ts';

/** One change of a batch command: what it is (for `--dry-run` and progress) and how to make it. */
export interface RowChange {
  /** the row's id or name as the person knows it */
  target: string;
  /** what changes, e.g. `10 → 20` */
  change: string;
  apply(): Promise<unknown>;
}

/** The question before a batch changes more than one row (issue 27: showing the count). */
export const BATCH_CONFIRM = (n: number, unit: string, verb: string) => `确定${verb} ${n} 个${unit}吗?`;

/**
 * Run a batch command's changes one by one with a progress bar, stopping at Ctrl+C (what was done
 * stays done and is reported); with `dryRun` only list what would change. More than one change is
 * confirmed first, with the count, unless the run is confirmed already (`--yes`, a dangerous
 * command's question).
 */
export async function eachRow(
  ctx: CommandContext,
  changes: RowChange[],
  opts: {
    dryRun?: boolean;
    verb: string;
    unit: string;
    /** false: the changes were picked in the command's own dialog, which was the confirmation */
    confirm?: boolean;
  },
): Promise<CommandResult> {
  const rows = changes.map((c) => ({ target: c.target, change: c.change }));
  const columns = [
    { key: 'target', title: '对象' },
    { key: 'change', title: '变更' },
  ];
  if (opts.dryRun)
    return {
      message: `演练：将${opts.verb} ${changes.length} 个${opts.unit}（未执行）`,
      table: { columns, rows },
    };
  if (changes.length > 1 && !ctx.confirmed && opts.confirm !== false) {
    if (!(await ctx.confirm(BATCH_CONFIRM(changes.length, opts.unit, opts.verb))))
      return { message: COMMAND_MSG.cancelled };
    ctx.confirmed = true;
  }
  let done = 0;
  for (const c of changes) {
    if (ctx.signal.aborted) {
      ctx.output(`已${opts.verb} ${done} / ${changes.length} 个${opts.unit}，其余未执行`);
      throw new DOMException('cancelled', 'AbortError');
    }
    ctx.progress({ done, total: changes.length, label: c.target });
    await c.apply();
    done += 1;
  }
  ctx.progress({ done, total: changes.length });
  return { message: `已${opts.verb} ${done} 个${opts.unit}`, table: { columns, rows } };
}

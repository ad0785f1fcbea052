/**
 * The 修改状态 dialog of a resource with declared states, opened by its set-by-value command
 * (`partner status`, `technician status`, `goods status`) run on screen without a state: the rows
 * named (or piped, or ticked) are looked up first, so nothing ticked is refused at once and the
 * dialog offers only the states those rows can be set to.
 */
import { MSG } from '../../src/shared/api.ts';
import type { Resource } from '../../src/shared/resources/define.ts';
import type { CommandContext } from '../core/types.ts';
import { rowsByRef } from './lookup.ts';

/** What the dialog (`<name>.statusForm`) is opened with. */
export interface StatusFormProps {
  ids: string;
  /** the rows' states now, in the order of `ids` */
  states: string[];
  /** a row already in the chosen state: left as it is (`skip`) or refused */
  same: 'refuse' | 'skip';
}

export async function openStatusForm(
  ctx: CommandContext,
  r: Resource,
  refs: readonly string[],
  same: StatusFormProps['same'],
): Promise<void> {
  if (refs.length === 0) throw new Error(MSG.nothingSelected);
  const rows = await rowsByRef(ctx, r, refs);
  const props: StatusFormProps = {
    ids: rows.map((row) => row.id).join(','),
    states: rows.map((row) => String(row[r.states!.field])),
    same,
  };
  await ctx.open!(`${r.decl.name}.statusForm`, { ...props });
}

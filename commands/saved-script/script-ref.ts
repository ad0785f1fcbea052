import type { CommandContext } from '../core/types.ts';
import { MSG } from '../../src/shared/api.ts';
import { SAVED_SCRIPT } from '../../src/shared/resources/saved-script.ts';
import { rowsByRef, type NamedRow } from '../resources/lookup.ts';
import { targetIds } from '../grid/targets.ts';

/** The caller's script named by id or name (else the piped or selected row). */
export async function scriptByRef(ctx: CommandContext, ref: string | undefined): Promise<NamedRow> {
  const [first] = targetIds(ctx, ref);
  if (!first) throw new Error(MSG.nothingSelected);
  const [row] = await rowsByRef(ctx, SAVED_SCRIPT, [first], 'name');
  return row!;
}

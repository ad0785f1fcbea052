import type { AuthEntry } from '../../../../shared/auth-rules.ts';
import { hiddenToolbarButtons } from '../list/column-auth.ts';

/** The editable grid's toolbar buttons (each one also a registered widget). */
export const TOOLBAR_BUTTONS = ['add', 'insert', 'remove', 'moveUp', 'moveDown'] as const;
export type ToolbarButton = (typeof TOOLBAR_BUTTONS)[number];

/**
 * The toolbar buttons left under an auth prefix (spec §6): `authPre:add` hides 新增 (with its
 * settings), `authPre:batch_delete` hides 删除. Without a prefix every button shows.
 */
export function visibleToolbarButtons(
  authPre: string | undefined,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): ReadonlySet<ToolbarButton> {
  const hidden = hiddenToolbarButtons(authPre, auth, allAuth);
  return new Set(
    TOOLBAR_BUTTONS.filter((b) => {
      if (b === 'add') return !hidden.has('add');
      if (b === 'remove') return !hidden.has('remove') && !hidden.has('batch_delete');
      return true;
    }),
  );
}

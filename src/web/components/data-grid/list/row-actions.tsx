import { Button } from '../../ui.tsx';
import { executor, runCommand, runtime } from '../../../shell/runtime.ts';
import { useMenu } from '../../../shell/use-commands.ts';
import { useState } from 'react';
import { below, PopupMenu } from '../../popup-menu.tsx';
import { INLINE_ACTIONS } from './types.ts';

/**
 * The row's commands (menus `grid.row`, then `<pageKey>.row`): each command's `when` sees the row, so e.g. 冻结
 * shows only on active users. Clicking runs the command through the executor.
 */
export function RowActions({
  menu,
  row,
  args,
}: {
  menu: string;
  row: Record<string, unknown>;
  args: Record<string, unknown>;
}) {
  const keys = { ...runtime.keys(), row };
  // a type "2" button the user lacks shows disabled (spec §6)
  const actions = [...useMenu('grid.row'), ...useMenu(menu, { locked: true })].filter(
    (c) => executor.isVisible(c, keys) || (c.disabled && executor.isLocked(c, runtime.locked(), keys)),
  );
  const [more, setMore] = useState<ReturnType<typeof below> | null>(null);
  // the first ones as buttons, the others under 更多: the cell keeps its width whatever the count
  const inline = actions.slice(0, INLINE_ACTIONS);
  const rest = actions.slice(inline.length);
  const run = (id: string) => void runCommand(id, args, 'button', keys);
  return (
    <div className="flex gap-1">
      {inline.map((c) => (
        <Button
          key={c.id}
          size="sm"
          variant={c.dangerous ? 'danger' : 'link'}
          disabled={c.disabled}
          title={c.disabled ? `${c.label}（无权限）` : undefined}
          onClick={() => run(c.id)}
        >
          {c.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Button
          size="sm"
          variant="link"
          aria-haspopup="menu"
          aria-expanded={Boolean(more)}
          onClick={(e) => setMore(more ? null : below(e.currentTarget, true))}
        >
          更多
        </Button>
      )}
      {more && (
        <PopupMenu
          label="更多操作"
          items={rest.map((c) => ({
            id: c.id,
            label: c.label,
            danger: c.dangerous,
            disabled: c.disabled,
            title: c.disabled ? `${c.label}（无权限）` : undefined,
          }))}
          at={more}
          onClose={() => setMore(null)}
          onChoose={run}
        />
      )}
    </div>
  );
}

/**
 * The same commands as a menu at a grid cell: a focused row opens it with Enter, Shift+F10 or the
 * context-menu key (arrows move, Esc closes and gives focus back to the cell).
 */
export function RowActionsMenu({
  menu,
  row,
  args,
  at,
  onClose,
}: {
  menu: string;
  row: Record<string, unknown>;
  args: Record<string, unknown>;
  at: { x: number; y: number };
  onClose(): void;
}) {
  const keys = { ...runtime.keys(), row };
  const actions = [...useMenu('grid.row'), ...useMenu(menu)].filter((c) => executor.isVisible(c, keys));
  return (
    <PopupMenu
      label="行操作"
      items={actions.map((c) => ({ id: c.id, label: c.label, danger: c.dangerous }))}
      at={at}
      onClose={onClose}
      onChoose={(id) => void runCommand(id, args, 'menu', keys)}
    />
  );
}

/** Keys that open a focused row's actions. */
export const opensRowActions = (e: KeyboardEvent) =>
  e.key === 'Enter' || e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);

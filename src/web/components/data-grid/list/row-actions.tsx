import { Button } from '../../ui.tsx';
import { executor, runCommand, runtime } from '../../../shell/runtime.ts';
import { useMenu } from '../../../shell/use-commands.ts';
import { PopupMenu } from '../../popup-menu.tsx';

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
  return (
    <div className="flex gap-1">
      {actions.map((c) => (
        <Button
          key={c.id}
          size="sm"
          variant={c.dangerous ? 'danger' : 'link'}
          disabled={c.disabled}
          title={c.disabled ? `${c.label}（无权限）` : undefined}
          onClick={() => void runCommand(c.id, args, 'button', keys)}
        >
          {c.label}
        </Button>
      ))}
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

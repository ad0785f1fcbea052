import { Button } from '../../ui.tsx';
import { executor, runCommand, runtime } from '../../../shell/runtime.ts';
import { useMenu } from '../../../shell/use-commands.ts';

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
  const actions = [...useMenu('grid.row'), ...useMenu(menu)].filter((c) => executor.isVisible(c, keys));
  return (
    <div className="flex gap-1">
      {actions.map((c) => (
        <Button
          key={c.id}
          size="sm"
          variant={c.dangerous ? 'danger' : 'link'}
          onClick={() => void runCommand(c.id, args, 'button', keys)}
        >
          {c.label}
        </Button>
      ))}
    </div>
  );
}

import { useEffect } from 'react';
import { registerWidget, runtime } from '../../../shell/runtime.ts';
import type { GridToolbarActions } from './grid-toolbar.tsx';

/** Widget names a mounted editable grid registers (commands open them with `ctx.open`). */
export const EDITABLE_GRID_WIDGETS = {
  addRow: 'grid.addRow',
  insertRow: 'grid.insertRow',
  deleteRows: 'grid.deleteRows',
  moveUp: 'grid.moveUp',
  moveDown: 'grid.moveDown',
} as const;

/** Register the toolbar actions as widgets while the grid is mounted. */
export function useGridWidgets(enabled: boolean, actions: GridToolbarActions): void {
  useEffect(() => {
    if (!enabled) return;
    const off = [
      registerWidget(EDITABLE_GRID_WIDGETS.addRow, () => actions.add()),
      registerWidget(EDITABLE_GRID_WIDGETS.insertRow, () => actions.insert()),
      registerWidget(EDITABLE_GRID_WIDGETS.deleteRows, () => actions.remove()),
      registerWidget(EDITABLE_GRID_WIDGETS.moveUp, () => actions.moveUp()),
      registerWidget(EDITABLE_GRID_WIDGETS.moveDown, () => actions.moveDown()),
    ];
    // the row commands (commands/grid/*-row*.ts) are offered while an editable grid is on screen
    runtime.setKeys({ editableGrid: true });
    return () => {
      off.forEach((f) => f());
      runtime.setKeys({ editableGrid: false });
    };
  }, [enabled, actions]);
}

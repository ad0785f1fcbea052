import { useEffect } from 'react';
import { registerWidget, runtime } from '../../../shell/runtime.ts';
import type { GridToolbarActions } from './grid-toolbar.tsx';
import { TOOLBAR_BUTTONS, type ToolbarButton } from './toolbar-auth.ts';

/** Widget names a mounted editable grid registers (commands open them with `ctx.open`). */
export const EDITABLE_GRID_WIDGETS = {
  addRow: 'grid.addRow',
  insertRow: 'grid.insertRow',
  deleteRows: 'grid.deleteRows',
  moveUp: 'grid.moveUp',
  moveDown: 'grid.moveDown',
} as const;

/** The widget of each toolbar button. */
const WIDGET_OF: Record<ToolbarButton, string> = {
  add: EDITABLE_GRID_WIDGETS.addRow,
  insert: EDITABLE_GRID_WIDGETS.insertRow,
  remove: EDITABLE_GRID_WIDGETS.deleteRows,
  moveUp: EDITABLE_GRID_WIDGETS.moveUp,
  moveDown: EDITABLE_GRID_WIDGETS.moveDown,
};

const ALL_BUTTONS: ReadonlySet<ToolbarButton> = new Set(TOOLBAR_BUTTONS);

/** Register the toolbar actions as widgets while the grid is mounted (only the `visible` buttons). */
export function useGridWidgets(
  enabled: boolean,
  actions: GridToolbarActions,
  visible: ReadonlySet<ToolbarButton> = ALL_BUTTONS,
): void {
  useEffect(() => {
    if (!enabled) return;
    const off = TOOLBAR_BUTTONS.filter((b) => visible.has(b)).map((b) =>
      registerWidget(WIDGET_OF[b], () => actions[b]()),
    );
    // the row commands (commands/grid/*-row*.ts) are offered while an editable grid is on screen
    runtime.setKeys({ editableGrid: true });
    return () => {
      off.forEach((f) => f());
      runtime.setKeys({ editableGrid: false });
    };
  }, [enabled, actions, visible]);
}

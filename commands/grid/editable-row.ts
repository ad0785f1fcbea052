import { defineCommand } from '../core/define-command.ts';
import type { CommandDefinition } from '../core/types.ts';
import { openWidget } from './widget.ts';

/**
 * A row operation of the editable grid on screen (新增, 插入, 删除, 上移, 下移): the grid registers
 * the widget of the same name while mounted and does the work, with its own rules (insert
 * throttle, add-row settings, delete confirmation).
 */
export function editableRowCommand(def: {
  id: `grid.${string}`;
  title: string;
  aliases: string[];
  keywords: string[];
  keybinding?: string;
}): CommandDefinition {
  return defineCommand({
    ...def,
    examples: [def.id.replace('.', ' ')],
    page: true,
    category: '表格',
    when: (k) => k.editableGrid === true,
    async run(ctx) {
      await openWidget(ctx, def.id);
    },
  });
}

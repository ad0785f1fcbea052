import { editableRowCommand } from './editable-row.ts';

export default editableRowCommand({
  id: 'grid.moveUp',
  title: '上移行',
  aliases: ['move up'],
  keywords: ['上移'],
  keybinding: 'Alt+ArrowUp',
});

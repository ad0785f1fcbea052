import { editableRowCommand } from './editable-row.ts';

export default editableRowCommand({
  id: 'grid.moveDown',
  title: '下移行',
  aliases: ['move down'],
  keywords: ['下移'],
  keybinding: 'Alt+ArrowDown',
});

import { editableRowCommand } from './editable-row.ts';

export default editableRowCommand({
  id: 'grid.addRow',
  title: '新增行',
  aliases: ['add row', 'new row'],
  keywords: ['新增', '添加行'],
  keybinding: 'Alt+N',
});

import { editableRowCommand } from './editable-row.ts';

export default editableRowCommand({
  id: 'grid.insertRow',
  title: '插入行',
  aliases: ['insert row'],
  keywords: ['插入', '下方插入'],
  keybinding: 'Alt+I',
});

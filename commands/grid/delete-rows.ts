import { editableRowCommand } from './editable-row.ts';

export default editableRowCommand({
  id: 'grid.deleteRows',
  title: '删除选中行',
  aliases: ['delete rows', 'remove rows'],
  keywords: ['删除行', '移除'],
});

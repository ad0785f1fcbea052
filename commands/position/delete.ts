import { PERM } from '../../src/shared/permissions.ts';
import { batchDeleteCommand } from '../grid/batch-delete.ts';
import { POSITIONS_KEY } from './keys.ts';

export default batchDeleteCommand({
  domain: 'position',
  title: '删除职务',
  category: '职务管理',
  aliases: ['delete position', 'remove position'],
  keywords: ['删除', '批量删除', '岗位'],
  permission: PERM.position.delete,
  url: '/sys/position/deleteBatch',
  queryKey: POSITIONS_KEY,
});

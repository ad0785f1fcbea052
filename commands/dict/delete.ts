import { PERM } from '../../src/shared/permissions.ts';
import { batchDeleteCommand } from '../grid/batch-delete.ts';
import { DICTS_KEY } from './keys.ts';

export default batchDeleteCommand({
  domain: 'dict',
  title: '删除字典',
  category: '数据字典',
  aliases: ['delete dictionary', 'remove dictionary'],
  keywords: ['删除', '批量删除', '字典'],
  permission: PERM.dict.delete,
  url: '/sys/dict/deleteBatch',
  queryKey: DICTS_KEY,
  unit: '字典',
});

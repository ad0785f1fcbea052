import { PERM } from '../../src/shared/permissions.ts';
import { batchDeleteCommand } from '../grid/batch-delete.ts';
import { LOGS_KEY } from './keys.ts';

export default batchDeleteCommand({
  domain: 'log',
  title: '删除日志',
  category: '日志管理',
  aliases: ['delete log'],
  keywords: ['删除', '批量删除', '日志'],
  permission: PERM.log.delete,
  url: '/sys/log/deleteBatch',
  queryKey: LOGS_KEY,
});

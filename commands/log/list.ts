import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { listPage, pagingArgs } from '../grid/page-list.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { LOG_COLUMNS } from './keys.ts';

export default defineCommand({
  id: 'log.list',
  title: '查询日志',
  category: '日志管理',
  aliases: ['logs', 'list logs'],
  keywords: ['日志', '登录日志', '操作日志'],
  permission: PERM.log.list,
  args: z.object({
    type: z.enum(['1', '2']).default('1').describe('日志类型：1 登录日志，2 操作日志'),
    keyWord: z.string().optional().describe('日志内容关键字'),
    from: z.string().optional().describe('开始时间 YYYY-MM-DD'),
    to: z.string().optional().describe('结束时间 YYYY-MM-DD'),
    ...pagingArgs,
  }),
  async run(ctx, { type, from, to, ...rest }) {
    return listPage(ctx, '/sys/log/list', LOG_COLUMNS, {
      ...rest,
      logType: type,
      createTime_begin: from,
      createTime_end: to,
    });
  },
});

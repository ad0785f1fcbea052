import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import type { Page } from '../../src/shared/api.ts';
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
    page: z.coerce.number().int().min(1).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(1000).default(10).describe('每页条数'),
  }),
  async run(ctx, { type, keyWord, from, to, page, pageSize }) {
    const result = await ctx.api.get<Page<Record<string, unknown>>>('/sys/log/list', {
      logType: type,
      keyWord,
      createTime_begin: from,
      createTime_end: to,
      pageNo: page,
      pageSize,
      column: 'createTime',
      order: 'desc',
    });
    return {
      message: `共 ${result.total} 条，第 ${result.current}/${Math.max(result.pages, 1)} 页`,
      table: { columns: LOG_COLUMNS, rows: result.records },
      records: result.records,
    };
  },
});

import { z } from 'zod';
import type { Page } from '../../src/shared/api.ts';
import type { CommandContext, CommandResult, TableResult } from '../core/types.ts';
import { formatNumber } from '../../src/shared/format.ts';

/** The paging flags every `<domain> list` command takes. */
export const pagingArgs = {
  page: z.coerce.number().int().min(1).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10).describe('每页条数'),
};

/**
 * One page of a list endpoint, newest first, as the terminal shows it: a summary line, the
 * table, and the records for the next command of a pipe.
 */
export async function listPage(
  ctx: CommandContext,
  url: string,
  columns: TableResult['columns'],
  { page, pageSize, ...filters }: { page: number; pageSize: number } & Record<string, unknown>,
): Promise<CommandResult> {
  // newest first unless the caller names its own order (`column`, `order`)
  const result = await ctx.api.get<Page<Record<string, unknown>>>(url, {
    pageNo: page,
    pageSize,
    column: 'createTime',
    order: 'desc',
    ...filters,
  });
  return {
    message: `${result.totalEstimated ? '约' : '共'} ${formatNumber(result.total)} 条，第 ${formatNumber(result.current)}/${formatNumber(Math.max(result.pages, 1))} 页`,
    table: { columns, rows: result.records },
    records: result.records,
  };
}

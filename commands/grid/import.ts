import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { currentGrid, openWidget } from './widget.ts';

/** `importExcel` result: a message, or after code 201 the counts (jeecg-api.md §6.15). */
interface ImportResult {
  message?: string;
  msg?: string;
  fileUrl?: string;
}

/**
 * Import into the current list: without a file, the 导入EXCEL dialog; with the path of a file
 * uploaded before (`upload`, or piped from it), the server imports that file.
 */
export default defineCommand({
  id: 'grid.import',
  examples: ['upload | import'],
  page: true,
  title: '导入',
  category: '表格',
  aliases: ['import'],
  keywords: ['导入', 'Excel', 'xlsx', '上传'],
  menus: [{ menu: 'grid.toolbar', group: '3_io', order: 2 }],
  args: z.object({
    file: z.string().optional().describe('已上传文件的路径（upload 命令的输出）；省略则打开导入对话框'),
  }),
  positional: ['file'],
  when: (k) => Boolean(k.grid?.importUrl),
  async run(ctx, { file }) {
    const grid = currentGrid(ctx);
    const path = file ?? (ctx.input?.[0]?.path as string | undefined);
    if (!path) {
      await openWidget(ctx, 'grid.import', { url: grid.importUrl, title: grid.title });
      return { invalidate: [grid.queryKey] };
    }
    const result = await ctx.api.post<ImportResult | string>(grid.importUrl!, { filePath: path });
    const message =
      typeof result === 'string'
        ? result
        : result?.msg
          ? `导入成功,但是有错误数据! ${result.msg}${result.fileUrl ? `，错误文件：${result.fileUrl}` : ''}`
          : (result?.message ?? '导入完成');
    return { message, invalidate: [grid.queryKey] };
  },
});

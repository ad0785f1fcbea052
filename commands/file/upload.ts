import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

interface Uploaded {
  name: string;
  path: string;
  size: number;
}

/**
 * Choose files on this computer and upload them (`POST /sys/common/upload`); prints each stored
 * path and passes `{ name, path, size }` records on (`upload | import`).
 */
export default defineCommand({
  id: 'file.upload',
  examples: ['upload'],
  page: true,
  title: '上传文件',
  category: '文件',
  aliases: ['upload'],
  keywords: ['上传', '文件'],
  args: z.object({
    biz: z
      .string()
      .regex(/^[A-Za-z0-9_-]*$/, '目录只能包含字母、数字、下划线和短横线')
      .optional()
      .describe('保存目录（默认 temp）'),
  }),
  async run(ctx, { biz }) {
    const files = await openWidget<Uploaded[]>(ctx, 'file.upload', { biz: biz ?? 'temp' });
    if (!files.length) return { message: '未选择文件' };
    return {
      message: `已上传 ${files.length} 个文件`,
      table: {
        columns: [
          { key: 'name', title: '文件' },
          { key: 'path', title: '路径' },
          { key: 'size', title: '大小' },
        ],
        rows: files.map((f) => ({ ...f })),
      },
      records: files.map((f) => ({ ...f })),
    };
  },
});

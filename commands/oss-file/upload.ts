import { defineCommand } from '../core/define-command.ts';
import { z } from 'zod';
import { openWidget } from '../grid/widget.ts';
import { OSS_FILE, OSS_FILE_UPLOAD } from '../../src/shared/resources/oss-file.ts';

interface Uploaded {
  id?: string;
  fileName: string;
  url: string;
}

/**
 * 上传文件 into 文件管理: the system file chooser, each file posted to /sys/oss/file/upload; or
 * files already stored, by path (`--path`, or piped from `upload`): a copy the caller may read (its
 * own uploads, the pictures of the screens it may see) is put in 文件管理.
 */
export default defineCommand({
  id: 'ossFile.upload',
  title: '上传文件到文件管理',
  category: OSS_FILE.decl.category,
  aliases: ['upload file', 'oss upload'],
  keywords: ['上传', '文件', '附件'],
  permission: OSS_FILE_UPLOAD.permission,
  menus: [{ menu: 'ossFile.toolbar', group: '1_create', order: 1, label: '上传' }],
  args: z.object({
    path: z
      .array(z.string())
      .optional()
      .describe(
        '已存储文件的路径（upload 命令的结果、已有图片），可多个；默认管道输入；不给出时选择本机文件',
      ),
  }),
  examples: ['ossFile upload --path banner/seed/spring.png'],
  async run(ctx, { path }) {
    const given = [
      ...(path ?? []),
      ...(path?.length ? [] : (ctx.input ?? []).map((r) => String(r.path ?? '')).filter(Boolean)),
    ];
    // one by one: each copy is its own upload, as each chosen file is
    const copied: Array<{ id?: string; name: string; path: string }> = [];
    for (const p of given) {
      const f = await ctx.api.post<Uploaded>(OSS_FILE_UPLOAD.path, { path: p });
      copied.push({ ...(f.id ? { id: f.id } : {}), name: f.fileName, path: f.url });
    }
    const files = given.length
      ? copied
      : await openWidget<Array<{ name: string; path: string; size: number }>>(ctx, 'file.upload', {
          endpoint: OSS_FILE_UPLOAD,
        });
    if (!files.length) return { message: '未选择文件' };
    return {
      message: `已上传 ${files.length} 个文件：${files.map((f) => f.name).join('、')}`,
      records: files.map((f) => ({ ...f })),
      invalidate: [[...OSS_FILE.queryKey]],
    };
  },
});

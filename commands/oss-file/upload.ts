import { defineCommand } from '../core/define-command.ts';
import { z } from 'zod';
import { openWidget } from '../grid/widget.ts';
import { OSS_FILE, OSS_FILE_UPLOAD } from '../../src/shared/resources/oss-file.ts';

/** 上传文件 into 文件管理: the system file chooser, each file posted to /sys/oss/file/upload. */
export default defineCommand({
  id: 'ossFile.upload',
  title: '上传文件到文件管理',
  category: OSS_FILE.decl.category,
  aliases: ['upload file', 'oss upload'],
  keywords: ['上传', '文件', '附件'],
  permission: OSS_FILE_UPLOAD.permission,
  menus: [{ menu: 'ossFile.toolbar', group: '1_create', order: 1, label: '上传' }],
  args: z.object({}),
  async run(ctx) {
    const files = await openWidget<Array<{ name: string; path: string; size: number }>>(ctx, 'file.upload', {
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

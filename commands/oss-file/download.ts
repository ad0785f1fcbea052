import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { invoke, pathOf } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { OSS_FILE } from '../../src/shared/resources/oss-file.ts';
import { requireTargets } from '../grid/targets.ts';

/**
 * 下载 a file of 文件管理 (by id, or the selected row): saved by the browser on screen; without a
 * screen its download path is printed.
 */
export default defineCommand({
  id: 'ossFile.download',
  title: '下载文件',
  category: OSS_FILE.decl.category,
  aliases: ['download file', 'oss download'],
  keywords: ['下载', '文件'],
  permission: PERM.ossFile.download,
  requires: [OSS_FILE.perms.list],
  menus: [{ menu: 'ossFile.row', group: '1_open', order: 1, label: '下载' }],
  args: z.object({ id: z.string().optional().describe('文件id；默认表格选中行') }),
  examples: ['ossFile list | head 1 | ossFile download'],
  positional: ['id'],
  async run(ctx, { id }) {
    const [target] = requireTargets(ctx, id);
    const file = await invoke<{ fileName: string; url: string }>(ctx.api, OSS_FILE.endpoints.queryById, {
      id: target,
    });
    const href = pathOf(ENDPOINTS.file.static, { '*': file.url });
    if (ctx.open) {
      await ctx.open('file.download', { href, name: file.fileName });
      return { message: `已下载 ${file.fileName}` };
    }
    return { message: `${file.fileName}：${href}`, records: [{ ...file, href }] };
  },
});

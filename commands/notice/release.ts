import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { ANNOUNCEMENT, NOTICE_ENDPOINTS, SEND_STATUS } from '../../src/shared/resources/announcement.ts';
import { requireTargets } from '../grid/targets.ts';

/** 发布通告: by id, or the selected row of 系统通告. */
export default defineCommand({
  id: 'notice.release',
  examples: ['announcement list --send-status 未发布 | head 1 | notice release'],
  title: '发布通告',
  category: ANNOUNCEMENT.decl.category,
  aliases: ['release notice', 'publish notice'],
  keywords: ['通告', '发布'],
  permission: PERM.announcement.release,
  menus: [{ menu: 'announcement.row', group: '5_status', order: 1, label: '发布' }],
  when: (k) => !k.row || k.row.sendStatus !== SEND_STATUS.released,
  args: z.object({ id: z.string().optional().describe('通告id；默认表格选中行') }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [target] = requireTargets(ctx, id);
    const message = await invoke<string>(ctx.api, NOTICE_ENDPOINTS.release, { id: target });
    return { message: String(message), invalidate: [[...ANNOUNCEMENT.queryKey]] };
  },
});

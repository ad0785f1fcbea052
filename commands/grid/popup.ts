import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from './widget.ts';

/** What the popup report widget hands back (see `PopupPick` of the grid dialogs). */
interface PopupPick {
  rows: Array<Record<string, unknown>>;
  table: { columns: Array<{ key: string; title: string }>; rows: Array<Record<string, string>> };
}

/**
 * Pick rows of a popup report (`/online/cgreport/api/*`) in its dialog and show them: a table for
 * the terminal, the rows as records for a pipe, a one-line summary for the palette.
 */
export default defineCommand({
  id: 'grid.popup',
  page: true,
  examples: ['grid popup user_select'],
  title: '报表选择',
  category: '表格',
  aliases: ['popup'],
  keywords: ['popup', '弹窗选择', '报表', '选择记录', 'cgreport'],
  args: z.object({
    code: z.string().min(1).describe('报表编码，如 user_select、depart_select'),
    multi: z.boolean().optional().describe('允许选择多条记录'),
  }),
  positional: ['code'],
  async run(ctx, { code, multi }) {
    const pick = await openWidget<PopupPick | null>(ctx, 'grid.popupReport', { code, multi: multi === true });
    if (!pick) return { message: '已取消选择' };
    const first = pick.table.columns[0]?.key;
    const names = first ? pick.table.rows.map((r) => r[first]).join('、') : '';
    return {
      message: `已选择 ${pick.rows.length} 条记录${names ? `：${names}` : ''}`,
      table: pick.table,
      records: pick.rows,
    };
  },
});

import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { notifyPrefsSchema, type Prefs } from '../../../src/shared/account.ts';
import { ACCOUNT_KEYS } from '../targets.ts';

const f = notifyPrefsSchema.shape;

/**
 * `account notify set`: 新消息通知 — which announcement categories alert (1 通知公告, 2 系统消息;
 * `--categories ''` none) and whether new messages are read aloud by the browser (`--speak`).
 */
export default defineCommand({
  id: 'account.notify.set',
  examples: ['account notify set --categories 1,2 --no-speak'],
  title: '保存新消息通知设置',
  category: '账户',
  aliases: ['notification settings'],
  keywords: ['新消息通知', '提醒', '朗读', '语音'],
  args: z.object({
    categories: f.categories.optional().describe(f.categories.unwrap().description ?? '提醒的消息类型'),
    speak: f.speak,
  }),
  async run(ctx, { categories, speak }) {
    const notify = {
      ...(categories ? { categories } : {}),
      ...(speak !== undefined ? { speak } : {}),
    };
    if (Object.keys(notify).length === 0) throw new Error('请给出要修改的设置');
    const saved = await invoke<Prefs>(ctx.api, ENDPOINTS.self.savePrefs, { notify });
    await ctx.open?.('account.notify', saved.notify);
    return { message: '新消息通知设置已保存', invalidate: [[...ACCOUNT_KEYS.prefs]] };
  },
});

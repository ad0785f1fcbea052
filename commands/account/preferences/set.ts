import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { uiPrefsSchema, type UiPrefs } from '../../../src/shared/account.ts';
import { ACCOUNT_KEYS } from '../targets.ts';

/**
 * `account preferences set`: 个性化设置 kept on the server (theme, layout, multipage …), so they
 * follow the account to another browser; on screen they apply at once.
 */
export default defineCommand({
  id: 'account.preferences.set',
  examples: ['account preferences set --theme light --multipage'],
  title: '保存个性化设置',
  category: '账户',
  aliases: ['preferences', 'personalize'],
  keywords: ['个性化', '主题', '布局', '多页签'],
  args: uiPrefsSchema,
  async run(ctx, args) {
    const ui = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as UiPrefs;
    if (Object.keys(ui).length === 0) throw new Error('请给出要修改的设置');
    await invoke(ctx.api, ENDPOINTS.self.savePrefs, { ui });
    await ctx.open?.('settings.set', ui);
    return { message: '个性化设置已保存', invalidate: [[...ACCOUNT_KEYS.prefs]] };
  },
});

import { defineCommand } from '../../core/define-command.ts';
import { NOTICE_CATEGORIES } from '../../../src/shared/account.ts';
import { ownPrefs } from '../targets.ts';

/** `account preferences show`: the preferences the server keeps for one's account. */
export default defineCommand({
  id: 'account.preferences.show',
  examples: ['account preferences show'],
  title: '查看个性化设置',
  category: '账户',
  aliases: ['show preferences'],
  keywords: ['个性化', '新消息通知'],
  async run(ctx) {
    const { ui, notify } = await ownPrefs(ctx);
    const rows = [
      ...Object.entries(ui).map(([key, value]) => ({ key, value: String(value) })),
      {
        key: 'notify.categories',
        value: notify.categories.map((c) => NOTICE_CATEGORIES[c]).join('、') || '无',
      },
      { key: 'notify.speak', value: notify.speak ? '朗读' : '不朗读' },
    ];
    return {
      table: {
        columns: [
          { key: 'key', title: '设置' },
          { key: 'value', title: '值' },
        ],
        rows,
      },
    };
  },
});

import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { ThirdBinding } from '../../src/shared/sso.ts';

/** The query key of the signed-in account's linked identities (the 账户绑定 page reads it). */
export const BINDINGS_KEY = ['account', 'bindings'];

export default defineCommand({
  id: 'account.bindings',
  examples: ['account bindings'],
  title: '账户绑定列表',
  category: '账户',
  aliases: ['bindings', 'third accounts', 'sso bindings'],
  async run(ctx) {
    const rows = await invoke<ThirdBinding[]>(ctx.api, ENDPOINTS.self.thirdBindings);
    return {
      ...(rows.length ? {} : { message: '尚未绑定第三方账号' }),
      table: {
        columns: [
          { key: 'providerName', title: '第三方' },
          { key: 'thirdUserId', title: '账号标识' },
          { key: 'realname', title: '名称' },
          { key: 'createTime', title: '绑定时间' },
          { key: 'id', title: 'ID' },
        ],
        rows: rows as unknown as Array<Record<string, unknown>>,
      },
      records: rows as unknown as Array<Record<string, unknown>>,
    };
  },
});

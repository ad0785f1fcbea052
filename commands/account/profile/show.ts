import { defineCommand } from '../../core/define-command.ts';
import { ownProfile } from '../targets.ts';

const SEX: Record<string, string> = { '1': '男', '2': '女' };

/** `account profile show`: one's own name, sex, birthday, phone and e-mail. */
export default defineCommand({
  id: 'account.profile.show',
  examples: ['account profile show'],
  title: '查看个人信息',
  category: '账户',
  aliases: ['my profile', 'whoami'],
  keywords: ['基本设置', '个人信息'],
  async run(ctx) {
    const p = await ownProfile(ctx);
    return {
      message: `${p.realname ?? p.username}（${p.username}）`,
      table: {
        columns: [
          { key: 'field', title: '项目' },
          { key: 'value', title: '值' },
        ],
        rows: [
          { field: '账号', value: p.username },
          { field: '姓名', value: p.realname ?? '' },
          { field: '性别', value: SEX[String(p.sex)] ?? '' },
          { field: '生日', value: p.birthday ?? '' },
          { field: '手机号码', value: p.phone ?? '' },
          { field: '邮箱', value: p.email ?? '' },
          { field: '头像', value: p.avatar ?? '' },
        ],
      },
    };
  },
});

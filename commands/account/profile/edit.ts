import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { profileEditSchema } from '../../../src/shared/account.ts';
import { ACCOUNT_KEYS, ownProfile, type OwnProfile } from '../targets.ts';

const f = profileEditSchema.shape;

/**
 * `account profile edit`: one's own name, avatar, sex and birthday (基本设置's 保存). What is not
 * given stays as it is; phone and e-mail change with `account contact change`.
 */
export default defineCommand({
  id: 'account.profile.edit',
  examples: ['account profile edit --sex 1'],
  title: '修改个人信息',
  category: '账户',
  aliases: ['edit profile'],
  keywords: ['基本设置', '姓名', '头像', '生日'],
  args: z.object({
    realname: z
      .string()
      .optional()
      .describe(f.realname.description ?? '姓名'),
    avatar: z.string().optional().describe('头像路径（上传后得到）；空字符串清除'),
    sex: z.enum(['1', '2']).optional().describe('性别（1 男，2 女）'),
    birthday: z.string().optional().describe('生日 YYYY-MM-DD；空字符串清除'),
  }),
  async run(ctx, args) {
    const current = await ownProfile(ctx);
    const body = {
      realname: args.realname ?? current.realname ?? '',
      avatar: args.avatar ?? current.avatar,
      sex: args.sex ? Number(args.sex) : current.sex,
      birthday: args.birthday ?? current.birthday,
    };
    const saved = await invoke<OwnProfile>(ctx.api, ENDPOINTS.self.editProfile, body);
    // the header's name and avatar are the session's
    await ctx.open?.('session.userInfo', { userInfo: saved });
    return { message: '个人信息已保存', invalidate: [[...ACCOUNT_KEYS.profile]] };
  },
});

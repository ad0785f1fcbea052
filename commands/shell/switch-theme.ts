import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';

/** The eight preset colours of spec §9, by English name. */
export const THEME_COLOR_NAMES = {
  red: '#F5222D',
  volcano: '#FA541C',
  sunset: '#FAAD14',
  cyan: '#13C2C2',
  green: '#52C41A',
  blue: '#1890FF',
  geekblue: '#2F54EB',
  purple: '#722ED1',
} as const;

export default defineCommand({
  id: 'shell.switchTheme',
  examples: ['shell switchTheme cyan'],
  title: '切换主题色',
  category: '界面',
  aliases: ['theme color'],
  keywords: ['主题', '颜色'],
  args: z.object({
    color: z
      .enum(Object.keys(THEME_COLOR_NAMES) as [keyof typeof THEME_COLOR_NAMES])
      .describe('主题色：red volcano sunset cyan green blue geekblue purple'),
  }),
  positional: ['color'],
  async run(ctx, { color }) {
    await ctx.open?.('settings.set', { color: THEME_COLOR_NAMES[color] });
    return { message: `主题色已切换为 ${color}` };
  },
});

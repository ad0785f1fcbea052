import { z } from 'zod';
import {
  PLATFORM_CONFIG,
  SETTING_BY_KEY,
  SETTING_MSG,
  checkSettingValue,
  settingText,
} from '../../src/shared/resources/platform-config.ts';
import { defineCommand } from '../core/define-command.ts';
import { namedSettings } from './targets.ts';

const ep = PLATFORM_CONFIG.endpoints;

/** 修改配置: `config set dispatch.radiusKm 12.5`, checked by the setting's type before it is sent. */
export default defineCommand({
  id: 'platformConfig.set',
  examples: ['platformConfig set dispatch.radiusKm 12.5'],
  title: '修改平台配置',
  category: PLATFORM_CONFIG.decl.category,
  aliases: ['config set', 'set config'],
  keywords: ['设置', '配置', '参数', 'settings'],
  permission: ep.edit.permission as string,
  requires: [ep.list.permission as string],
  args: z.object({
    key: z.string().describe('配置键，如 dispatch.radiusKm（config list 可查）'),
    value: z.string().describe('新的值（开关填 开启/关闭）'),
  }),
  positional: ['key', 'value'],
  async run(ctx, { key, value }) {
    const [setting] = await namedSettings(ctx, key);
    const def = SETTING_BY_KEY.get(setting!.configKey);
    if (!def) throw new Error(SETTING_MSG.unknown);
    const checked = checkSettingValue(def, value);
    if (!checked.ok) throw new Error(checked.message);
    await ctx.api.put<string>(ep.edit.path, { id: setting!.id, value: checked.value });
    return {
      message: `${def.name}: ${settingText(def, setting!.value)} → ${settingText(def, checked.value)}`,
      invalidate: [[...PLATFORM_CONFIG.queryKey]],
    };
  },
});

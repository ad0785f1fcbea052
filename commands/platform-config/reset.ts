import { z } from 'zod';
import { PLATFORM_CONFIG, settingText } from '../../src/shared/resources/platform-config.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { namedSettings } from './targets.ts';

const ep = PLATFORM_CONFIG.endpoints;

/** 恢复默认值: settings back to their catalogue defaults, one by one (progress, Ctrl+C, --dry-run). */
export default defineCommand({
  id: 'platformConfig.reset',
  examples: ['platformConfig reset dispatch.radiusKm'],
  title: '恢复配置默认值',
  category: PLATFORM_CONFIG.decl.category,
  aliases: ['config reset', 'reset config'],
  keywords: ['恢复默认', '重置', '配置'],
  permission: ep.edit.permission as string,
  requires: [ep.list.permission as string],
  dangerous: true,
  confirm: '确定把选中的配置恢复为默认值吗?',
  menus: [
    { menu: 'platformConfig.toolbar', group: '5_status', order: 1, label: '恢复默认' },
    { menu: 'platformConfig.row', group: '5_status', order: 1, label: '恢复默认' },
  ],
  args: z.object({
    keys: z.string().optional().describe('配置键，逗号分隔；all 表示全部；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将要恢复的配置，不执行'),
  }),
  positional: ['keys'],
  async run(ctx, { keys, dryRun }) {
    const changed = (await namedSettings(ctx, keys)).filter((s) => s.value !== s.defaultValue);
    const result = await eachRow(
      ctx,
      changed.map((s) => {
        const def = { type: s.valueType as never, unit: s.unit ?? undefined };
        return {
          target: `${s.name}（${s.configKey}）`,
          change: `${settingText(def, s.value)} → ${settingText(def, s.defaultValue)}`,
          apply: () => ctx.api.put(ep.edit.path, { id: s.id, value: s.defaultValue }),
        };
      }),
      { dryRun, verb: '恢复', unit: '配置' },
    );
    return { ...result, invalidate: [[...PLATFORM_CONFIG.queryKey]] };
  },
});

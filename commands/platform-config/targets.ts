import type { Page } from '../../src/shared/api.ts';
import { PLATFORM_CONFIG } from '../../src/shared/resources/platform-config.ts';
import type { CommandContext } from '../core/types.ts';
import { targetIds } from '../grid/targets.ts';

export interface SettingRow {
  id: string;
  configKey: string;
  name: string;
  value: string;
  defaultValue: string;
  valueType: string;
  unit: string | null;
}

/** Every setting (the catalogue is small: one page). */
export async function allSettings(ctx: CommandContext): Promise<SettingRow[]> {
  const page = await ctx.api.get<Page<SettingRow>>(PLATFORM_CONFIG.endpoints.list.path, { pageSize: 200 });
  return page.records;
}

/**
 * The settings a command names: keys or ids given (comma or space separated), else piped rows or
 * the grid selection; `all` names every setting. An unknown name is refused before anything changes.
 */
export async function namedSettings(ctx: CommandContext, given: string | undefined): Promise<SettingRow[]> {
  const all = await allSettings(ctx);
  if (given?.trim() === 'all') return all;
  const names = targetIds(ctx, given);
  if (names.length === 0) throw new Error('请指定配置项（配置键，或 all 表示全部）');
  return names.map((n) => {
    const found = all.find((s) => s.configKey === n || s.id === n);
    if (!found) throw new Error(`配置项不存在: ${n}`);
    return found;
  });
}

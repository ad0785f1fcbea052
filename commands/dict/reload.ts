import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { CommandContext, CommandResult } from '../core/types.ts';

/** Spec §7: clear cache = refleshCache, then queryAllDictItems kept as the session's dictionaries. */
export async function reloadDictionaries(ctx: CommandContext): Promise<CommandResult> {
  try {
    await invoke(ctx.api, ENDPOINTS.dict.refleshCache);
    const dicts = await invoke<Record<string, unknown[]>>(ctx.api, ENDPOINTS.dict.queryAllDictItems);
    await ctx.open?.('session.dicts', { dicts });
    return { message: '刷新缓存完成！' };
  } catch {
    throw new Error('刷新缓存失败！');
  }
}

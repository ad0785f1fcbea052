import { PERM } from '../../src/shared/permissions.ts';
import { DICT } from '../../src/shared/resources/dict.ts';
import { defineCommand } from '../core/define-command.ts';
import { DICTS_KEY } from './keys.ts';
import { reloadDictionaries } from './reload.ts';

/** 数据字典 → 刷新缓存 (`dict refresh`): read every dictionary again into this session. */
export default defineCommand({
  id: 'dict.refresh',
  examples: ['dict refresh'],
  title: '刷新缓存',
  category: DICT.decl.category,
  aliases: ['refresh dict cache', 'reload dictionaries'],
  keywords: ['字典', '缓存', '刷新'],
  permission: PERM.dict.refreshCache,
  menus: [{ menu: 'dict.toolbar', group: '8_cache', order: 1 }],
  async run(ctx) {
    const result = await reloadDictionaries(ctx);
    return { ...result, invalidate: [[...DICTS_KEY], [...DICT.queryKey]] };
  },
});

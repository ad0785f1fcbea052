import type { CommandDefinition } from '../../../../commands/core/types.ts';
import { navCommandId, navigablePages, type MenuEntry } from './menu-model.ts';

/** English words of a component path, as a palette alias: 'system/UserList' → 'user list'. */
function englishAlias(component: string): string {
  const last = component.split('/').pop() ?? '';
  return last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^(Sys|Yy)\s/, '')
    .toLowerCase();
}

/** One navigation command per page of the user's menu: sidebar and palette always agree. */
export function navigationCommands(index: Map<string, MenuEntry>): CommandDefinition[] {
  const seen = new Set<string>();
  const out: CommandDefinition[] = [];
  for (const entry of navigablePages(index)) {
    const id = navCommandId(entry.path);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      id,
      title: entry.title,
      category:
        entry.parents
          .map((p) => p.meta.title)
          .filter(Boolean)
          .join(' / ') || '导航',
      keywords: [...entry.parents.map((p) => p.meta.title ?? ''), entry.path],
      aliases: [englishAlias(entry.node.component), entry.path.replace(/\//g, ' ').trim()].filter(Boolean),
      async run(ctx) {
        await ctx.navigate(entry.path);
      },
    });
  }
  return out;
}

import { defineCommand } from '../core/define-command.ts';
import { z } from 'zod';
import type { CommandContext } from '../core/types.ts';
import { idsTarget, requireTargets } from './targets.ts';

/** What differs between the list pages' delete commands; the rest is the same command. */
export interface BatchDeleteSpec {
  /** `<domain>.delete`; `<domain>.toolbar` / `<domain>.row` are its menus */
  domain: string;
  title: string;
  category: string;
  aliases: string[];
  keywords: string[];
  permission: string;
  /** `DELETE <url>?ids=a,b`: all or nothing on the server */
  url: string;
  /** the query key prefix to invalidate */
  queryKey: readonly unknown[];
  /** when given, the message adds the count: `删除成功! 共 3 个字典` */
  unit?: string;
  /** further permissions the command needs (the list `resolve` reads) */
  requires?: readonly string[];
  /** the ids of the targets as given (e.g. codes looked up in the list); default: they are ids */
  resolve?(ctx: CommandContext, targets: string[]): Promise<Array<{ id: string; label: string }>>;
}

/**
 * The 批量删除 / 删除 command of a list page: targets from arguments, pipe or grid selection,
 * confirmed, one batch call (all or nothing); `--dry-run` lists what would be deleted.
 */
export function batchDeleteCommand(spec: BatchDeleteSpec) {
  return defineCommand({
    id: `${spec.domain}.delete`,
    title: spec.title,
    category: spec.category,
    aliases: spec.aliases,
    keywords: spec.keywords,
    permission: spec.permission,
    ...(spec.requires ? { requires: spec.requires } : {}),
    dangerous: true,
    confirm: '是否删除选中数据?',
    menus: [
      { menu: `${spec.domain}.toolbar`, group: '9_danger', order: 1, label: '批量删除' },
      { menu: `${spec.domain}.row`, group: '9_danger', order: 1, label: '删除' },
    ],
    ...idsTarget,
    args: idsTarget.args.extend({
      dryRun: z.boolean().optional().describe('只列出将要删除的数据，不执行'),
    }),
    async run(ctx, { ids, dryRun }) {
      const given = requireTargets(ctx, ids);
      const found = spec.resolve ? await spec.resolve(ctx, given) : given.map((id) => ({ id, label: id }));
      const targets = found.map((f) => f.id);
      if (dryRun)
        return {
          message: `演练：将删除 ${targets.length} 个${spec.unit ?? '记录'}（未执行）`,
          table: {
            columns: [{ key: 'target', title: '对象' }],
            rows: found.map((f) => ({ target: f.label })),
          },
        };
      const answer = await ctx.api.delete<string>(spec.url, { ids: targets.join(',') });
      const message = String(answer ?? '删除成功');
      return {
        message: spec.unit ? `${message} 共 ${targets.length} 个${spec.unit}` : message,
        invalidate: [[...spec.queryKey]],
      };
    },
  });
}

import { defineCommand } from '../core/define-command.ts';
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
}

/**
 * The 批量删除 / 删除 command of a list page: targets from arguments, pipe or grid selection,
 * confirmed, one batch call.
 */
export function batchDeleteCommand(spec: BatchDeleteSpec) {
  return defineCommand({
    id: `${spec.domain}.delete`,
    title: spec.title,
    category: spec.category,
    aliases: spec.aliases,
    keywords: spec.keywords,
    permission: spec.permission,
    dangerous: true,
    confirm: '是否删除选中数据?',
    menus: [
      { menu: `${spec.domain}.toolbar`, group: '9_danger', order: 1, label: '批量删除' },
      { menu: `${spec.domain}.row`, group: '9_danger', order: 1, label: '删除' },
    ],
    ...idsTarget,
    async run(ctx, { ids }) {
      const targets = requireTargets(ctx, ids);
      const answer = await ctx.api.delete<string>(spec.url, { ids: targets.join(',') });
      const message = String(answer ?? '删除成功');
      return {
        message: spec.unit ? `${message} 共 ${targets.length} 个${spec.unit}` : message,
        invalidate: [[...spec.queryKey]],
      };
    },
  });
}

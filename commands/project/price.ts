import { z } from 'zod';
import { PROJECT, PROJECT_MSG } from '../../src/shared/resources/project.ts';
import { formatMoney } from '../../src/shared/format.ts';
import { defineCommand } from '../core/define-command.ts';
import { rowsByRef } from '../resources/lookup.ts';

/** 调整项目价格: `project price <id|name> 198` (the edit rules apply: money, never negative). */
export default defineCommand({
  id: 'project.price',
  examples: ['project price 全身推拿 199'],
  title: '调整项目价格',
  category: PROJECT.decl.category,
  aliases: ['project price', 'set project price'],
  keywords: ['改价', '价格', '调价', 'price'],
  permission: PROJECT.perms.edit,
  requires: [PROJECT.perms.list],
  menus: [{ menu: 'project.row', group: '3_price', order: 1, label: '调价' }],
  args: z.object({
    project: z.string().describe('服务项目id或名称'),
    price: z.string().describe('新价格（元，最多两位小数）'),
  }),
  positional: ['project', 'price'],
  // the row action 调价 names the project by its row
  target: 'project',
  async run(ctx, { project, price }) {
    const [row] = await rowsByRef(ctx, PROJECT, [project]);
    await ctx.api.put(PROJECT.endpoints.edit!.path, { id: row!.id, price });
    const saved = await ctx.api.get<{ price: string }>(PROJECT.endpoints.queryById.path, { id: row!.id });
    return {
      message: PROJECT_MSG.priceChanged(String(row!.name), formatMoney(row!.price), formatMoney(saved.price)),
      invalidate: [[...PROJECT.queryKey]],
    };
  },
});

/**
 * The reversal command of an append-only resource declaring `reversal`
 * (src/shared/resources/reversal.ts): `<name> reverse <id> --reason …` posts the row's reversal
 * entry (`POST {path}/reverse`), asking for the reason when none is given; on the row menu of rows
 * that are not reversals themselves.
 */
import { z } from 'zod';
import type { EndpointContract } from '../../src/shared/contracts.ts';
import type { Resource } from '../../src/shared/resources/define.ts';
import { REVERSAL_MSG } from '../../src/shared/resources/reversal.ts';
import { MSG } from '../../src/shared/api.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandDefinition } from '../core/types.ts';
import { targetIds } from '../grid/targets.ts';

/** The reverse command of `r` (none without `reversal`). */
export function reversalCommands(r: Resource): CommandDefinition[] {
  const reversal = r.reversal;
  if (!reversal) return [];
  const { decl } = r;
  const { title, endpoint, refField } = reversal;
  return [
    defineCommand({
      id: `${decl.name}.reverse`,
      title: `${title}${decl.title}`,
      category: decl.category,
      aliases: [`reverse ${decl.english}`, `${decl.english} reverse`],
      keywords: [title, '红冲', '更正', ...(decl.keywords ?? [])],
      permission: endpoint.permission as string,
      requires: [r.perms.list],
      menus: [{ menu: `${decl.name}.row`, group: '5_status', order: 1, label: title }],
      // a reversal entry is never reversed
      when: (k) => !k.row || !k.row[refField],
      args: z.object({
        id: z.string().optional().describe(`${decl.title}id；默认管道输入或表格选中行`),
        reason: z.string().optional().describe(`${title}原因（必填）`),
      }),
      positional: ['id'],
      async run(ctx, { id, reason }) {
        const ids = targetIds(ctx, id);
        if (ids.length === 0) throw new Error(MSG.nothingSelected);
        if (ids.length > 1) throw new Error(`一次只能${title}一条记录`);
        // asked for when not given (the row menu, the palette); never posted empty
        const why = (reason ?? (await ctx.prompt(`请输入${title}原因`)) ?? '').trim();
        if (!why) throw new Error(REVERSAL_MSG.reasonRequired);
        await ctx.api.post(endpoint.path, { id: ids[0], reason: why });
        return { message: REVERSAL_MSG.done, invalidate: [[...r.queryKey]] };
      },
    }) as CommandDefinition,
  ];
}

/** The endpoint the reverse command calls under its own permission. */
export function reversalCommandEndpoints(r: Resource): Record<string, EndpointContract[]> {
  return r.reversal ? { [`${r.decl.name}.reverse`]: [r.reversal.endpoint] } : {};
}

import { z } from 'zod';
import { SAVED_SCRIPT, parseScriptParams } from '../../src/shared/resources/saved-script.ts';
import { defineCommand } from '../core/define-command.ts';
import { COMMAND_ID_PATTERN } from '../core/registry.ts';
import type { CommandDefinition } from '../core/types.ts';

/** A saved script as its list answers it. */
export interface SavedScriptRow {
  id: string;
  name: string;
  title: string;
  params?: string | null;
}

/** The prefix of the generated commands (`registry.replaceGenerated(SCRIPT_COMMAND_PREFIX, …)`). */
export const SCRIPT_COMMAND_PREFIX = 'script.';

/**
 * One command per saved script of the signed-in user (`script.<名称>`), found in the palette like
 * any other: its parameters are its arguments (one without a default is asked for), and it runs
 * the script on the server through `savedScript.run`.
 */
export function scriptCommands(rows: readonly SavedScriptRow[]): CommandDefinition[] {
  return rows
    .filter((r) => COMMAND_ID_PATTERN.test(`${SCRIPT_COMMAND_PREFIX}${r.name}`))
    .map((r) => {
      const params = parseScriptParams(r.params);
      const shape = Object.fromEntries(
        params.map((p) => [
          p.name,
          p.value === undefined
            ? z.string().describe(`参数 ${p.name}`)
            : z.string().optional().describe(`参数 ${p.name}（默认 ${p.value}）`),
        ]),
      );
      return defineCommand({
        id: `${SCRIPT_COMMAND_PREFIX}${r.name}`,
        title: `脚本：${r.title}`,
        category: SAVED_SCRIPT.decl.category,
        keywords: [r.name, r.title, '脚本', 'script'],
        permission: SAVED_SCRIPT.perms.run,
        requires: [SAVED_SCRIPT.perms.list],
        args: z.object(shape),
        positional: params.map((p) => p.name),
        async run(ctx, args) {
          const given = Object.entries(args as Record<string, unknown>)
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(',');
          return (await ctx.run('savedScript.run', { id: r.id, ...(given ? { params: given } : {}) })) ?? {};
        },
      });
    });
}

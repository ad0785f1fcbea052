import { CommandExecutor } from '../../commands/core/executor.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import type { AuditEntry, CommandDefinition, ContextKeys, Progress } from '../../commands/core/types.ts';

/** A registry + executor over fake surfaces, recording what the commands asked for. */
export function makeHarness(options: {
  commands: CommandDefinition[];
  permissions?: string[];
  keys?: ContextKeys;
  /** answers `ctx.prompt` (default: nothing) */
  prompt?: (message: string) => Promise<string | null>;
}) {
  const registry = new CommandRegistry();
  for (const command of options.commands) registry.register(command);
  const state = {
    answer: true,
    permissions: new Set(options.permissions ?? []),
    keys: options.keys ?? ({} as ContextKeys),
  };
  const audit: AuditEntry[] = [];
  const confirms: string[] = [];
  const outputs: string[] = [];
  const progress: Progress[] = [];
  const executor = new CommandExecutor({
    registry,
    permissions: () => state.permissions,
    keys: () => state.keys,
    audit: (entry) => audit.push(entry),
    ctxFactory: () => ({
      api: {
        get: async () => undefined as never,
        post: async () => undefined as never,
        put: async () => undefined as never,
        delete: async () => undefined as never,
      },
      navigate: () => undefined,
      confirm: async (message: string) => {
        confirms.push(message);
        return state.answer;
      },
      prompt: options.prompt ?? (async () => null),
      progress: (p: Progress) => progress.push(p),
      output: (line: string) => outputs.push(line),
    }),
  });
  return { registry, executor, audit, confirms, outputs, progress, state };
}

import { CommandExecutor } from '../../commands/core/executor.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { runScript } from '../../commands/core/shell.ts';
import { registerAll } from '../../commands/index.ts';
import type { CommandContext, CommandDefinition, ContextKeys } from '../../commands/core/types.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every command through the real executor and script runner, against the real server (`ctx.api`
 * over app.inject with a signed-in token), as the terminal runs them. Confirmations answer
 * `answer` and are recorded; `keys` are the context keys the commands see.
 */
export async function serverHarness(
  username = 'admin',
  opts: { app?: TestApp; commands?: readonly CommandDefinition[] } = {},
) {
  const t: TestApp = opts.app ?? (await createTestApp());
  const token = await t.login(username);
  const perms = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
  const codes = new Set<string>(perms.body.result.auth.map((a: { action: string }) => a.action));
  const state = { answer: false, keys: { username } as ContextKeys, confirms: [] as string[] };

  /** every call the commands made, in order */
  const calls: Array<{ method: Method; path: string }> = [];
  async function api(method: Method, path: string, data?: unknown) {
    calls.push({ method, path });
    const isQuery = method === 'GET' || method === 'DELETE';
    const query =
      isQuery && data
        ? Object.fromEntries(
            Object.entries(data as object)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          )
        : undefined;
    const r = await t.call(method, path.startsWith('/') ? path : `/${path}`, {
      token,
      query,
      body: isQuery ? undefined : data,
    });
    if (!r.body?.success) throw new Error(r.body?.message ?? `HTTP ${r.status}`);
    return r.body.result;
  }

  const registry = new CommandRegistry();
  registerAll(registry, opts.commands);
  const executor = new CommandExecutor({
    registry,
    permissions: () => codes,
    keys: () => state.keys,
    ctxFactory: (): Omit<CommandContext, 'signal' | 'keys' | 'run' | 'input'> => ({
      api: {
        get: (p, q) => api('GET', p, q),
        post: (p, b) => api('POST', p, b),
        put: (p, b) => api('PUT', p, b),
        delete: (p, q) => api('DELETE', p, q),
      },
      navigate: () => undefined,
      confirm: async (m) => {
        state.confirms.push(m);
        return state.answer;
      },
      prompt: async () => null,
      progress: () => undefined,
      output: () => undefined,
    }),
  });

  async function terminal(line: string) {
    const out: string[] = [];
    const results = await runScript(line, executor, {
      source: 'terminal',
      signal: new AbortController().signal,
      out: (l) => out.push(l),
      vars: new Map(),
    });
    return { out: out.join('\n'), results };
  }

  return { t, token, codes, state, executor, terminal, calls, registry, close: () => t.close() };
}

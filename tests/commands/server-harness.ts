import { CommandExecutor } from '../../commands/core/executor.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { runScript } from '../../commands/core/shell.ts';
import { serverAudit } from '../../commands/core/audit.ts';
import { registerAll } from '../../commands/index.ts';
import type { CommandContext, CommandDefinition, ContextKeys } from '../../commands/core/types.ts';
import { ANONYMOUS, AUTHENTICATED } from '../../src/shared/permissions.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';

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
  const state = {
    answer: false,
    keys: { username } as ContextKeys,
    confirms: [] as string[],
    /** lines commands printed while running (`ctx.output`) */
    output: [] as string[],
  };

  /** every call the commands made, in order, with the command that made it */
  const calls: Array<{
    method: Method;
    path: string;
    command: string;
    permissions: Array<string | undefined>;
  }> = [];
  async function api(def: CommandDefinition, method: Method, path: string, data?: unknown) {
    calls.push({ method, path, command: def.id, permissions: [def.permission, ...(def.requires ?? [])] });
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
  // every run goes to the operation log, as in the browser; `auditWritten()` waits for the entries
  const audits: Array<Promise<void>> = [];
  const toServerLog = serverAudit(async (path, body) => {
    const r = await t.call('POST', path, { token, body });
    if (!r.body?.success) throw new Error(r.body?.message ?? `HTTP ${r.status}`);
  });
  const executor = new CommandExecutor({
    registry,
    audit: (entry) => void audits.push(toServerLog(entry)),
    permissions: () => codes,
    keys: () => state.keys,
    ctxFactory: (_source, _signal, def): Omit<CommandContext, 'signal' | 'keys' | 'run' | 'input'> => ({
      api: {
        get: (p, q) => api(def, 'GET', p, q),
        post: (p, b) => api(def, 'POST', p, b),
        put: (p, b) => api(def, 'PUT', p, b),
        delete: (p, q) => api(def, 'DELETE', p, q),
      },
      navigate: () => undefined,
      confirm: async (m) => {
        state.confirms.push(m);
        return state.answer;
      },
      // a question answered with nothing (Enter): what is asked for stays missing
      prompt: async () => '',
      progress: () => undefined,
      output: (line) => void state.output.push(line),
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

  /**
   * Calls whose endpoint checks another permission than the command that made them declares
   * (`permission` or `requires`). Open endpoints (ANONYMOUS, AUTHENTICATED) suit any command, and a
   * command without a permission of its own is gated by its context instead (the grid's import and
   * export follow the page's permissions). Empty when commands and server agree.
   */
  function permissionMismatches(): string[] {
    const routes = [...t.app.routePermissions].map(([key, perm]) => {
      const [method, pattern] = key.split(' ') as [string, string];
      const re = new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}$`);
      return { method, re, perm };
    });
    const out = new Set<string>();
    for (const c of calls) {
      const url = `${BASE}${c.path.startsWith('/') ? c.path : `/${c.path}`}`;
      const route = routes.find((r) => r.method === c.method && r.re.test(url));
      if (!route) out.add(`${c.command}: ${c.method} ${c.path} has no route`);
      else if (
        route.perm !== ANONYMOUS &&
        route.perm !== AUTHENTICATED &&
        c.permissions[0] !== undefined &&
        !c.permissions.includes(route.perm)
      )
        out.add(`${c.command} (${c.permissions.join(', ')}) calls ${c.method} ${c.path} (${route.perm})`);
    }
    return [...out];
  }

  return {
    t,
    token,
    codes,
    state,
    executor,
    terminal,
    calls,
    registry,
    permissionMismatches,
    auditWritten: () => Promise.all(audits),
    close: async () => {
      await Promise.all(audits);
      await t.close();
    },
  };
}

/**
 * The server's saved-script runner (`ScriptRunner` of src/shared/resources/saved-script.ts): the
 * script through the headless executor, as its owner. The server hands it a way to call its own
 * API in process as the owner; the permission codes are read from that session when the run
 * starts, so a command the owner may no longer run is refused before it calls anything, and the
 * server checks each call again. Nothing is asked: a confirmation needs `--yes` in the script, a
 * missing argument is refused.
 */
import { serverAudit } from '../core/audit.ts';
import { CommandError } from '../core/errors.ts';
import type { CommandContext } from '../core/types.ts';
import type { InProcessRequest, ScriptRunner } from '../../src/shared/resources/saved-script.ts';
import { SCRIPT_MSG } from '../../src/shared/resources/saved-script.ts';
import { HEADLESS_MSG, headlessExecutor, runHeadlessScript } from './executor.ts';
import { sessionPermissions } from './session.ts';

type Call = (req: InProcessRequest) => Promise<{ status: number; body: unknown }>;

const EXPIRED = '登录已失效';

/** `ctx.api` over the in-process call: JeecgBoot's Result unwrapped, a refusal as its message. */
export function inProcessApi(call: Call): CommandContext['api'] {
  const send = async <T>(method: InProcessRequest['method'], path: string, data?: unknown): Promise<T> => {
    const isQuery = method === 'GET' || method === 'DELETE';
    const query =
      isQuery && data
        ? Object.fromEntries(
            Object.entries(data as Record<string, unknown>)
              .filter(([, v]) => v !== undefined && v !== null)
              .map(([k, v]) => [k, String(v)]),
          )
        : undefined;
    const res = await call({
      method,
      path,
      ...(query ? { query } : {}),
      ...(!isQuery && data !== undefined ? { body: data } : {}),
    });
    const body = res.body as { success?: boolean; message?: string; result?: unknown } | string;
    if (res.status === 401) throw new CommandError(EXPIRED);
    if (typeof body !== 'object' || body === null || !('success' in body)) {
      if (res.status >= 400) throw new CommandError(`请求失败 (${res.status})`);
      return body as T;
    }
    if (!body.success) throw new CommandError(body.message || '操作失败');
    return body.result as T;
  };
  return {
    get: (path, query) => send('GET', path, query),
    post: (path, body) => send('POST', path, body),
    put: (path, body) => send('PUT', path, body),
    delete: (path, query) => send('DELETE', path, query),
  };
}

/** Runs a saved script as its owner, collecting what it prints. */
export const runSavedScript: ScriptRunner = async ({ script, vars, username, call, signal }) => {
  const api = inProcessApi(call);
  const output: string[] = [];
  const permissions = await sessionPermissions(api);
  // each command run goes to the operation log as the owner's, as from the terminal
  const audits: Array<Promise<void>> = [];
  const toServerLog = serverAudit((path, body) => api.post(path, body));
  const executor = headlessExecutor({
    api,
    permissions: permissions.codes,
    keys: { username },
    confirm: async (question) => {
      throw new CommandError(HEADLESS_MSG.confirmNeeded(question));
    },
    prompt: async () => '',
    output: (line) => void output.push(line),
    // a batch's progress is not kept: its result line says what it did
    progress: () => undefined,
    audit: (entry) => void audits.push(toServerLog(entry)),
  });
  const run = await runHeadlessScript(script, executor, {
    out: (line) => void output.push(line),
    err: (line) => void output.push(line),
    vars: new Map(Object.entries(vars)),
    signal,
    source: 'script',
  });
  await Promise.all(audits);
  const failed = run.results.find((r) => r.status === 'error' || r.status === 'cancelled');
  return run.ok
    ? { ok: true, output }
    : {
        ok: false,
        output,
        error: SCRIPT_MSG.failedAt(failed?.text ?? script, failed?.error ?? '运行失败', username),
      };
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandExecutor } from '../../commands/core/executor.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { runScript } from '../../commands/core/shell.ts';
import { registerAll } from '../../commands/index.ts';
import type { CommandContext } from '../../commands/core/types.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * The user commands through the real executor and script runner, against the real server
 * (`ctx.api` over app.inject with a signed-in token), as the terminal runs them.
 */
let t: TestApp;
let token: string;
let executor: CommandExecutor;
let confirms: string[];

async function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
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

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  const perms = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
  const codes = new Set<string>(perms.body.result.auth.map((a: { action: string }) => a.action));
  const registry = new CommandRegistry();
  registerAll(registry);
  confirms = [];
  executor = new CommandExecutor({
    registry,
    permissions: () => codes,
    keys: () => ({ username: 'admin' }),
    ctxFactory: (): Omit<CommandContext, 'signal' | 'keys' | 'run' | 'input'> => ({
      api: {
        get: (p, q) => api('GET', p, q),
        post: (p, b) => api('POST', p, b),
        put: (p, b) => api('PUT', p, b),
        delete: (p, q) => api('DELETE', p, q),
      },
      navigate: () => undefined,
      confirm: async (m) => {
        confirms.push(m);
        return false;
      },
      prompt: async () => null,
      progress: () => undefined,
      output: () => undefined,
    }),
  });
});
afterAll(async () => t?.close());

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

describe('user commands in the terminal', () => {
  it('lists users as an aligned table', async () => {
    const { out, results } = await terminal('user list --status 1 --page-size 30');
    expect(results[0]?.status).toBe('ok');
    expect(out).toMatch(/账号\s+姓名/);
    expect(out).toContain('yunying');
    expect(out).toContain('李运营');
  });

  it('pipes the listed records into freeze (user list | user freeze --yes)', async () => {
    const { results } = await terminal('user list --realname *王* | user freeze --yes');
    expect(results[0]?.status).toBe('ok');
    const frozen = await t.call('GET', '/sys/user/list', { token, query: { username: 'caiwu' } });
    expect(frozen.body.result.records[0].status).toBe(2);
    const other = await t.call('GET', '/sys/user/list', { token, query: { username: 'yunying' } });
    expect(other.body.result.records[0].status).toBe(1);
    await terminal('user unfreeze caiwu');
    const back = await t.call('GET', '/sys/user/list', { token, query: { username: 'caiwu' } });
    expect(back.body.result.records[0].status).toBe(1);
  });

  it('asks before a dangerous command and does nothing when declined', async () => {
    confirms.length = 0;
    const { results } = await terminal('user freeze yuangong');
    expect(confirms).toEqual(['确定冻结选中的用户吗?']);
    expect(results[0]?.result?.message).toBe('已取消');
    const r = await t.call('GET', '/sys/user/list', { token, query: { username: 'yuangong' } });
    expect(r.body.result.records[0].status).toBe(1);
  });

  it('refuses delete with nothing selected before asking', async () => {
    confirms.length = 0;
    const { results } = await terminal('user delete');
    expect(results[0]?.status).toBe('error');
    expect(results[0]?.error).toBe('请选择一条记录！');
    expect(confirms).toEqual([]);
  });

  it('adds a user with flags and reports the server validation message', async () => {
    const ok = await terminal('user add jishi02 技师二号 --password secret1 --phone 13912340002');
    expect(ok.results[0]?.result?.message).toBe('添加成功！');
    const bad = await terminal('user add "bad name" 某人 --password secret1');
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.results[0]?.error).toBe('只允许字母、数字、下划线');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';

/**
 * Every GET and DELETE route of the API, called with each common parameter repeated
 * (`?id=a&id=b`), answers a JeecgBoot result (success or a clear refusal), never HTTP 500.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

/** Every route as `{ path, methods }`, read from Fastify's route tree. */
function routes(tree: string): Array<{ path: string; methods: string[] }> {
  const out: Array<{ path: string; methods: string[] }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = Math.floor(m[1]!.length / 4);
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    out.push({ path: path.replace(/^\/?/, '/').replace('//', '/'), methods: m[3]!.split(', ') });
  }
  return out;
}

const PARAMS = [
  'id',
  'ids',
  'code',
  'username',
  'dictCode',
  'pageNo',
  'pageSize',
  'column',
  'order',
  'keyWord',
  'key',
  'logType',
  'name',
  'superQueryParams',
  'superQueryMatchType',
  'selections',
  'filePath',
];

describe('repeated query parameters', () => {
  it('never answer HTTP 500 on any GET or DELETE route', async () => {
    const list = routes(t.app.printRoutes({ commonPrefix: false })).filter(
      // not the sockets, and not logout: it would end the session the sweep runs with
      (r) => r.path.startsWith(`${BASE}/`) && !/socket/i.test(r.path) && !r.path.endsWith('/logout'),
    );
    const calls = list.flatMap((r) =>
      r.methods.filter((m) => m === 'GET' || m === 'DELETE').map((method) => ({ method, path: r.path })),
    );
    expect(calls.length).toBeGreaterThan(30);
    const query = PARAMS.map((p) => `${p}=a&${p}=b`).join('&');
    const failures: string[] = [];
    for (const c of calls) {
      const url = c.path.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
      const res = await t.app.inject({
        method: c.method as 'GET' | 'DELETE',
        url: `${url}?${query}`,
        headers: { 'x-access-token': admin },
      });
      if (res.statusCode >= 500)
        failures.push(`${c.method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    // and the session held to the end: the calls were really made as the signed-in admin
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token: admin })).status).toBe(200);
  });
});

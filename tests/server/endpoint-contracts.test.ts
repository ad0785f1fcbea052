import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodsOf, pathOf, type EndpointContract } from '../../src/shared/contracts.ts';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';

/**
 * Wire paths are written once: every API route the server registers is an endpoint contract of
 * src/shared (the system endpoints, each resource's family, a resource's extra endpoints) with the
 * same methods and permission, and no client, command or server module spells a wire path itself.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every endpoint contract exported by a module of src/shared, found by walking its exports. */
async function sharedContracts(): Promise<EndpointContract[]> {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = path.join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(n) ? [p] : [];
    });
  const found = new Set<EndpointContract>();
  // an object is walked again when met nearer the top: a resource first met deep inside another
  // (a statement's detail list) is still searched to its contracts where it is exported itself
  const seen = new Map<unknown, number>();
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 6 || (seen.get(v) ?? Infinity) <= depth) return;
    seen.set(v, depth);
    const c = v as Partial<EndpointContract>;
    if (typeof c.method === 'string' && typeof c.path === 'string' && typeof c.permission === 'string') {
      found.add(c as EndpointContract);
      return;
    }
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  for (const f of files(path.join(ROOT, 'src/shared'))) walk(await import(f), 0);
  return [...found];
}

let t: TestApp;
let contracts: EndpointContract[];
beforeAll(async () => {
  t = await createTestApp();
  contracts = await sharedContracts();
});
afterAll(async () => t?.close());

describe('endpoint contracts', () => {
  it('cover every API route with its methods and permission', () => {
    const byRoute = new Map<string, EndpointContract>();
    for (const c of contracts) for (const m of methodsOf(c)) byRoute.set(`${m} ${BASE}${c.path}`, c);
    const routes = [...(t.app.routePermissions as Map<string, string>)].filter(([key]) =>
      key.split(' ')[1]!.startsWith(`${BASE}/`),
    );
    expect(routes.length).toBeGreaterThan(40);
    const uncovered = routes.filter(([key]) => !byRoute.has(key)).map(([key]) => key);
    expect(uncovered).toEqual([]);
    const wrong = routes
      .filter(([key, perm]) => byRoute.get(key)!.permission !== perm)
      .map(([key, perm]) => `${key}: route ${perm}, contract ${byRoute.get(key)!.permission}`);
    expect(wrong).toEqual([]);
  });

  it('never give one path to two contracts', () => {
    const paths = new Map<string, EndpointContract>();
    const clashes: string[] = [];
    for (const c of contracts) {
      const other = paths.get(c.path);
      if (other && other !== c && JSON.stringify(other) !== JSON.stringify(c)) clashes.push(c.path);
      paths.set(c.path, c);
    }
    expect(clashes).toEqual([]);
  });

  it('fill path parameters, encoded, and refuse a missing one', () => {
    const c: EndpointContract = {
      method: 'GET',
      path: '/sys/dict/loadDict/:dict',
      permission: '@authenticated',
    };
    expect(pathOf(c, { dict: 'sys_user,realname,id' })).toBe('/sys/dict/loadDict/sys_user%2Crealname%2Cid');
    expect(() => pathOf(c)).toThrow(/dict missing/);
    const files: EndpointContract = {
      method: 'GET',
      path: '/sys/common/static/*',
      permission: '@authenticated',
    };
    expect(pathOf(files, { '*': 'temp/a b.png' })).toBe('/sys/common/static/temp/a%20b.png');
  });

  it('are the only place a wire path is spelled (client, commands, server)', () => {
    // a string literal starting with an API area: '/sys/…', `online/…`, "/yy/…", '/websocket/…'
    const literal = /(['"`])\/?(sys|online|yy|websocket|vxeSocket)\/[^'"`\s]*\1?/;
    // where wire paths are declared: the contracts, and resource declarations' path prefix
    const allowed = (f: string) =>
      f === 'src/shared/endpoints.ts' ||
      f.startsWith('src/shared/resources/') ||
      f.startsWith('src/server/db/seed/') ||
      f.startsWith('src/server/db/migrations/');
    const files = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir)).flatMap((n) => {
        const rel = `${dir}/${n}`;
        return statSync(path.join(ROOT, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(n) ? [rel] : [];
      });
    const offending: string[] = [];
    for (const f of [...files('src'), ...files('commands')]) {
      if (allowed(f)) continue;
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '').replace(/\/\/ .*$/, '');
          // JeecgBoot's client skips the _t stamp on dictionary item lookups (spec §7): a match, not a call
          if (code.includes("url.includes('sys/dict/getDictItems')")) return;
          if (literal.test(code)) offending.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import {
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { CODE } from '../../src/shared/api.ts';
import { reachable, skipOutsideCI } from '../support/private-postgres.ts';
import { freshDatabase, TEST_PASSWORD } from '../support/database.ts';
import { recordQueries } from '../../bench/lib/bench.ts';

/**
 * Sessions and permission codes are cached per instance (issue #14), yet a revoked token, a frozen
 * account or a withdrawn grant is refused on the very next request on every instance, whoever
 * made the change (an endpoint of the other instance, or plain SQL). Two instances: on PGlite two
 * apps on one engine; on PostgreSQL two apps with a pool each, as two processes would have.
 */

const BASE = '/jeecg-boot';

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  /** the database instance b queries through */
  dbB: Database;
  dbA: Database;
  close(): Promise<void>;
}

async function app(database: Database): Promise<FastifyInstance> {
  const built = await buildApp({ config: loadConfig({}, { logLevel: 'silent' }), database, logger: false });
  await built.ready();
  return built;
}

async function pgliteInstances(): Promise<Pair> {
  const database = await freshDatabase();
  const a = await app(database);
  const b = await app(database);
  return {
    a,
    b,
    dbA: database,
    dbB: database,
    async close() {
      await a.close();
      await b.close();
      await database.close();
    },
  };
}

async function postgresInstances(serverUrl: string): Promise<Pair> {
  const dbA = await freshDatabase(serverUrl, 'auth_cache');
  const dbB = await openDatabase({ databaseUrl: dbA.url!, dataDir: '' });
  const a = await app(dbA);
  const b = await app(dbB);
  return {
    a,
    b,
    dbA,
    dbB,
    async close() {
      await a.close();
      await b.close();
      await dbB.close();
      await dbA.close();
    },
  };
}

function suite(engine: string, make: () => Promise<Pair>, skip = false) {
  describe.skipIf(skip)(`auth cache, two instances on ${engine}`, () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await make();
    });
    afterAll(async () => pair?.close());

    const login = async (username: string) => {
      const r = await pair.a.inject({
        method: 'POST',
        url: `${BASE}/sys/login`,
        payload: { username, password: TEST_PASSWORD },
      });
      const body = r.json();
      if (!body.success) throw new Error(`login ${username} failed: ${r.body}`);
      return { token: body.result.token as string, id: body.result.userInfo.id as string };
    };
    const get = (on: FastifyInstance, url: string, token: string) =>
      on.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'x-access-token': token } });

    it('answers a known token from the cache: a generated list request sends at most 3 statements', async () => {
      const admin = await login('admin');
      // more positions than a page, so that the list counts
      for (let i = 0; i < 12; i++)
        await pair.a.inject({
          method: 'POST',
          url: `${BASE}/sys/position/add`,
          headers: { 'x-access-token': admin.token },
          payload: { code: `CACHE${i}`, name: `缓存职务${i}`, postRank: '1' },
        });
      // the saves' realtime rows are read by A's flusher: let it finish outside the counted window
      await pair.a.realtime.flushed();
      const url = '/sys/position/list?pageSize=5';
      expect((await get(pair.b, url, admin.token)).json()).toMatchObject({ success: true });
      const hits = pair.b.authCache.stats.hits;
      const sent = await recordQueries(pair.dbB, async () => {
        const r = await get(pair.b, url, admin.token);
        expect(r.json()).toMatchObject({ success: true, result: { size: 5 } });
        expect(r.json().result.total).toBeGreaterThan(5);
      });
      expect(sent.length, sent.map((q) => q.sql).join('\n')).toBeLessThanOrEqual(3);
      expect(pair.b.authCache.stats.hits).toBe(hits + 1);
    });

    it('the user list, with department, post and dictionary texts, also sends at most 3 statements', async () => {
      const admin = await login('admin');
      const url = '/sys/user/list?pageSize=2';
      expect((await get(pair.b, url, admin.token)).json()).toMatchObject({ success: true });
      let body: { result: { records: Array<Record<string, unknown>>; total: number } } | undefined;
      const sent = await recordQueries(pair.dbB, async () => {
        body = (await get(pair.b, url, admin.token)).json();
      });
      expect(sent.length, sent.map((q) => q.sql).join('\n')).toBeLessThanOrEqual(3);
      expect(body!.result.total).toBeGreaterThan(2);
      // the texts are still there: read with the rows, not by statements of their own
      const all = (await get(pair.b, '/sys/user/list?pageSize=100', admin.token)).json().result.records;
      const withDepart = all.find((u: Record<string, unknown>) => u.orgCodeTxt);
      expect(withDepart, 'a seeded user belongs to a department').toBeTruthy();
      const withPost = all.find((u: Record<string, unknown>) => u.post);
      expect(withPost, 'a seeded user has a post').toBeTruthy();
      expect(withPost.post_dictText).toBeTruthy();
      expect(withPost.post_dictText).not.toBe(withPost.post);
      expect(all.every((u: Record<string, unknown>) => typeof u.sex_dictText !== 'undefined')).toBe(true);
    });

    it('refuses a token of another shape than the issued ones without looking it up', async () => {
      const made = ['forged-token', 'x'.repeat(43) + '=', `${'a'.repeat(42)}.`, 'a'.repeat(44)];
      const sent = await recordQueries(pair.dbB, async () => {
        for (const token of made)
          expect((await get(pair.b, '/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
      });
      const lookups = (qs: Array<{ sql: string }>) => qs.filter((q) => /sys_user_token/.test(q.sql));
      expect(lookups(sent)).toEqual([]);
      // one of the issued shape that was never issued is looked up, and refused
      const unknown = await recordQueries(pair.dbB, async () => {
        expect((await get(pair.b, '/sys/user/getCurrentUserDeparts', 'b'.repeat(43))).statusCode).toBe(401);
      });
      expect(lookups(unknown)).toHaveLength(1);
    });

    it('refuses a token logged out on the other instance at the very next request', async () => {
      const session = await login('admin');
      for (let i = 0; i < 3; i++)
        expect((await get(pair.b, '/sys/user/list', session.token)).statusCode).toBe(200);
      const out = await pair.a.inject({
        method: 'POST',
        url: `${BASE}/sys/logout`,
        headers: { 'x-access-token': session.token },
      });
      expect(out.json()).toMatchObject({ success: true });
      expect((await get(pair.b, '/sys/user/list', session.token)).statusCode).toBe(401);
    });

    it('refuses a frozen account and a withdrawn grant at the very next request, whoever wrote them', async () => {
      const user = await login('yuangong');
      const list = () => get(pair.b, '/sys/position/list', user.token).then((r) => r.json());
      // the staff role does not hold position:list: granted here by plain SQL through instance a
      expect(await list()).toMatchObject({ success: false, code: CODE.NO_AUTH });
      const [button] = await pair.dbA.db
        .select({ id: sysPermission.id })
        .from(sysPermission)
        .where(and(eq(sysPermission.perms, PERM.position.list), eq(sysPermission.menuType, 2)));
      expect(button).toBeDefined();
      const roleId = newId();
      await pair.dbA.db
        .insert(sysRole)
        .values({ id: roleId, roleName: '缓存测试', roleCode: `cache_${roleId}` });
      await pair.dbA.db.insert(sysUserRole).values({ id: newId(), userId: user.id, roleId });
      await pair.dbA.db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: button!.id });
      expect(await list()).toMatchObject({ success: true });
      expect(await list()).toMatchObject({ success: true });

      await pair.dbA.db.delete(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
      expect(await list()).toMatchObject({ success: false, code: CODE.NO_AUTH });

      await pair.dbA.db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: button!.id });
      expect(await list()).toMatchObject({ success: true });
      await pair.dbA.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.id, user.id));
      expect((await get(pair.b, '/sys/position/list', user.token)).statusCode).toBe(401);
      await pair.dbA.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.id, user.id));
      expect(await list()).toMatchObject({ success: true });
    });
  });
}

suite('PGlite', pgliteInstances);

const SHARED_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sharedUp = await reachable(SHARED_URL);
suite(
  'PostgreSQL',
  async () => {
    if (!sharedUp) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set TEST_DATABASE_URL)`);
    return postgresInstances(SHARED_URL);
  },
  skipOutsideCI(sharedUp),
);

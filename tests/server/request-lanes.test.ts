import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { currentLane, PriorityPool, type Lane } from '../../src/server/db/priority-pool.ts';
import { freshDatabase, TEST_PASSWORD, type TestDatabase } from '../support/database.ts';
import { reachable, scratchDatabase, skipOutsideCI } from '../support/private-postgres.ts';

/**
 * Requests put their statements in the pool's lanes (issue #14): a save's (every statement of its
 * handler and its operation-log row) in `write`, a list's in `read`, and the per-request
 * cache-epoch read in `first`. Over a real socket, where a request body is read in another async
 * context than the one the request started in.
 */

type Callback = (err?: Error, client?: pg.PoolClient, done?: unknown) => void;

const SHARED_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const up = await reachable(SHARED_URL);

describe.skipIf(skipOutsideCI(up))('request lanes on PostgreSQL', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let api: string;
  let token: string;
  let pool: PriorityPool;

  beforeAll(async () => {
    if (!up) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set TEST_DATABASE_URL)`);
    database = await freshDatabase(SHARED_URL, 'lanes');
    pool = (database.db as unknown as { $client: PriorityPool }).$client;
    app = await buildApp({
      config: loadConfig({}, { logLevel: 'silent', scheduler: false }),
      database,
      logger: false,
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    api = `${address}/jeecg-boot`;
    const login = await (
      await fetch(`${api}/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
      })
    ).json();
    token = login.result.token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The statements sent while `fn` ran, each with the lane its connection was granted in. */
  async function statements(fn: () => Promise<void>): Promise<Array<{ lane: Lane; sql: string }>> {
    await app.realtime.flushed();
    const seen: Array<{ lane: Lane; sql: string }> = [];
    const laneOf = new WeakMap<pg.PoolClient, Lane>();
    const connect = pool.connect as unknown as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
    const note = (client: pg.PoolClient, lane: Lane) => {
      if (!laneOf.has(client)) {
        const query = client.query;
        client.query = ((...args: [{ text?: string } | string]) => {
          const first = args[0];
          seen.push({
            lane: laneOf.get(client)!,
            sql: typeof first === 'string' ? first : (first.text ?? ''),
          });
          return (query as (...a: unknown[]) => unknown).apply(client, args);
        }) as never;
      }
      laneOf.set(client, lane);
      return client;
    };
    // node-postgres' pool.query checks out through connect(callback); drizzle's transactions
    // through connect()
    pool.connect = ((callback?: Callback) => {
      const lane = currentLane();
      if (!callback) return connect.call(pool)!.then((c) => note(c, lane));
      connect.call(pool, (err, c, done) => callback(err, c && note(c, lane), done));
    }) as typeof pool.connect;
    try {
      await fn();
      await app.realtime.flushed();
    } finally {
      pool.connect = connect as typeof pool.connect;
    }
    return seen;
  }
  const laneOfStatement = (seen: Array<{ lane: Lane; sql: string }>, pattern: RegExp) =>
    seen.filter((s) => pattern.test(s.sql)).map((s) => s.lane);

  it('the database is behind a PriorityPool, unless DB_LANES=off asks for arrival order', async () => {
    expect(pool).toBeInstanceOf(PriorityPool);
    expect(loadConfig({}).dbLanes).toBe(true);
    expect(loadConfig({ DB_LANES: 'off' }).dbLanes).toBe(false);
    const scratch = await scratchDatabase(SHARED_URL, 'fifo');
    try {
      const plain = await openDatabase({ databaseUrl: scratch.url, dataDir: '', lanes: false });
      const client = (plain.db as unknown as { $client: unknown }).$client;
      await plain.close();
      expect(client).toBeInstanceOf(pg.Pool);
      expect(client).not.toBeInstanceOf(PriorityPool);
    } finally {
      await scratch.drop();
    }
  });

  it("a save's statements, the operation-log row included, go in the write lane", async () => {
    const seen = await statements(async () => {
      const r = await fetch(`${api}/sys/position/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify({ code: 'LANE1', name: '通道职务', postRank: '1' }),
      });
      expect(await r.json()).toMatchObject({ success: true });
    });
    const all = seen.map((s) => `${s.lane} ${s.sql.slice(0, 60)}`).join('\n');
    expect(laneOfStatement(seen, /care_cache_epoch/), all).toEqual(['first']);
    // the uniqueness check, the row and the operation-log row
    expect(laneOfStatement(seen, /^select "id" from "sys_position"/), all).toEqual(['write']);
    expect(laneOfStatement(seen, /^insert into "sys_position"/), all).toEqual(['write']);
    expect(laneOfStatement(seen, /^insert into "sys_log"/), all).toEqual(['write']);
    // the realtime push is background work, behind requests
    expect(laneOfStatement(seen, /pg_notify/), all).toEqual(['read']);
  });

  it('a save whose body arrives in pieces keeps its lane', async () => {
    const body = JSON.stringify({ code: 'LANE2', name: '分段职务', postRank: '1' });
    const seen = await statements(async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const url = new URL(`${api}/sys/position/add`);
        const req = http.request(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-access-token': token,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        // the first half now, the rest once the server has started the request
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 50);
      });
      expect(JSON.parse(answer)).toMatchObject({ success: true });
    });
    const all = seen.map((s) => `${s.lane} ${s.sql.slice(0, 60)}`).join('\n');
    expect(laneOfStatement(seen, /^insert into "sys_position"/), all).toEqual(['write']);
    expect(laneOfStatement(seen, /^insert into "sys_log"/), all).toEqual(['write']);
  });

  it("a list's statements go in the read lane", async () => {
    const seen = await statements(async () => {
      const r = await fetch(`${api}/sys/position/list?pageSize=5`, { headers: { 'x-access-token': token } });
      expect(await r.json()).toMatchObject({ success: true });
    });
    const all = seen.map((s) => `${s.lane} ${s.sql.slice(0, 60)}`).join('\n');
    expect(laneOfStatement(seen, /care_cache_epoch/), all).toEqual(['first']);
    const rest = seen.filter((s) => !/care_cache_epoch/.test(s.sql));
    expect(rest.length, all).toBeGreaterThanOrEqual(1);
    expect(new Set(rest.map((s) => s.lane)), all).toEqual(new Set(['read']));
  });
});

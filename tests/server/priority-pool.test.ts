import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  currentLane,
  inLane,
  PriorityPool,
  type Lane,
  type PriorityPoolConfig,
} from '../../src/server/db/priority-pool.ts';
import { poolTransport } from '../../src/server/lib/realtime/pg-bus.ts';
import { reachable, scratchDatabase, skipOutsideCI } from '../support/private-postgres.ts';

/**
 * The database pool serves waiting callers by lane (issue #14): a save's statements go ahead of
 * list statements queued before them, writes never hold more than their share while reads wait,
 * and the shared cache-epoch read goes first. Real connections to a PostgreSQL server.
 */

const SHARED_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const up = await reachable(SHARED_URL);

describe.skipIf(skipOutsideCI(up))('PriorityPool', () => {
  let scratch: { url: string; drop(): Promise<void> };
  const pools: PriorityPool[] = [];
  beforeAll(async () => {
    if (!up) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set TEST_DATABASE_URL)`);
    scratch = await scratchDatabase(SHARED_URL, 'prio');
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => (p.ending ? undefined : p.end())));
    await scratch?.drop();
  });

  const pool = (config: Omit<PriorityPoolConfig, 'connectionString'>) => {
    const p = new PriorityPool({ connectionString: scratch.url, ...config });
    // as the app's pools do (src/server/db/client.ts): a connection the server ends (the scratch
    // database dropped WITH (FORCE) at the end, a test's terminated backend) fails its statement,
    // never the process with an unhandled 'error' event
    p.on('connect', (client) => client.on('error', () => undefined));
    p.on('error', () => undefined);
    pools.push(p);
    return p;
  };
  const connectIn = (p: PriorityPool, lane: Lane) => inLane(lane, () => p.connect());

  /** Take every connection, queue callers in the given lanes, and note the order they get one in. */
  async function queue(p: PriorityPool, held: number, lanes: Lane[]) {
    const holders: pg.PoolClient[] = [];
    for (let i = 0; i < held; i++) holders.push(await connectIn(p, 'read'));
    const order: string[] = [];
    const clients: pg.PoolClient[] = [];
    const waiting = lanes.map((lane, i) =>
      connectIn(p, lane).then((c) => {
        order.push(`${lane}${i}`);
        clients.push(c);
        return c;
      }),
    );
    // every caller is queued before the first connection comes back
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    return { holders, order, clients, waiting };
  }

  /** Give back one connection and wait until the next caller has one. */
  async function handBack(client: pg.PoolClient, order: string[]) {
    const before = order.length;
    client.release();
    await expect.poll(() => order.length).toBe(before + 1);
  }

  it('a connection given back goes to a waiting write before reads that queued earlier', async () => {
    const p = pool({ max: 2 });
    const q = await queue(p, 2, ['read', 'read', 'write']);
    await handBack(q.holders[0]!, q.order);
    expect(q.order).toEqual(['write2']);
    await handBack(q.holders[1]!, q.order);
    await handBack(q.clients[0]!, q.order);
    expect(q.order).toEqual(['write2', 'read0', 'read1']);
    for (const c of q.clients.slice(1)) c.release();
  });

  it('the first lane (the shared cache-epoch read) goes ahead of writes', async () => {
    const p = pool({ max: 1 });
    const q = await queue(p, 1, ['write', 'first']);
    await handBack(q.holders[0]!, q.order);
    await handBack(q.clients[0]!, q.order);
    expect(q.order).toEqual(['first1', 'write0']);
    q.clients[1]!.release();
  });

  it('writes hold at most their share while reads wait, and every connection when none does', async () => {
    const p = pool({ max: 2, writeShare: 1 });
    const writer = await connectIn(p, 'write');
    const reader = await connectIn(p, 'read');
    const order: string[] = [];
    const note = (name: string) => (c: pg.PoolClient) => (order.push(name), c);
    const w1 = connectIn(p, 'write').then(note('write1'));
    const r1 = connectIn(p, 'read').then(note('read1'));
    await new Promise((r) => setTimeout(r, 20));
    // one write is out (its share): the read goes first although the write queued earlier
    reader.release();
    await expect.poll(() => order).toEqual(['read1']);
    (await r1).release();
    await expect.poll(() => order).toEqual(['read1', 'write1']);
    // no read waits: a second write takes the last connection beyond its share
    expect(p.queued).toEqual({ first: 0, write: 0, read: 0 });
    writer.release();
    (await w1).release();
  });

  it('a caller already holding a connection (a transaction) goes ahead, even past a full write share', async () => {
    const p = pool({ max: 3, writeShare: 1, connectionTimeoutMillis: 2_000 });
    const order: string[] = [];
    await inLane('write', async () => {
      const tx = await p.connect();
      const readers = [await connectIn(p, 'read'), await connectIn(p, 'read')];
      const waitingRead = connectIn(p, 'read').then((c) => (order.push('read'), c));
      // the transaction needs one more statement from the pool: a write over its share
      const nested = p.query('SELECT 1').then(() => order.push('nested'));
      await new Promise((r) => setTimeout(r, 20));
      readers[0]!.release();
      await nested;
      expect(order).toEqual(['nested']);
      readers[1]!.release();
      (await waitingRead).release();
      tx.release();
    });
    expect(order).toEqual(['nested', 'read']);
  });

  it("a connection opened by a request does not carry the request's lane into its events", async () => {
    const p = pool({ max: 2 });
    // the connection is opened for a request's cache-epoch read, then serves as LISTEN connection
    // (the idle one is reused); the other one sends the NOTIFY
    await inLane('first', () => p.query('SELECT 1'));
    const bus = poolTransport(p);
    const seen: Lane[] = [];
    await bus.listen('lane_probe', () => seen.push(currentLane()));
    await bus.notify('lane_probe', 'x');
    await expect.poll(() => seen.length).toBe(1);
    await bus.close();
    expect(seen).toEqual(['read']);
  });

  it("pool.query (node-postgres' own checkout path) runs in the caller's lane", async () => {
    const p = pool({ max: 2 });
    const before = { ...p.granted };
    await inLane('write', () => p.query('SELECT 1'));
    await p.query('SELECT 1');
    expect(p.granted.write - before.write).toBe(1);
    expect(p.granted.read - before.read).toBe(1);
  });

  it('a caller waiting too long gets the pool timeout, and its place is not lost', async () => {
    const p = pool({ max: 1, connectionTimeoutMillis: 150 });
    const holder = await connectIn(p, 'read');
    await expect(connectIn(p, 'write')).rejects.toThrow('timeout exceeded when trying to connect');
    holder.release();
    const { rows } = await p.query('SELECT 2 AS n');
    expect(rows).toEqual([{ n: 2 }]);
    expect(p.queued).toEqual({ first: 0, write: 0, read: 0 });
  });

  it('a connection destroyed on release frees its place for the next caller', async () => {
    const p = pool({ max: 1 });
    const holder = await connectIn(p, 'read');
    const next = connectIn(p, 'write');
    holder.release(true);
    const c = await next;
    expect((await c.query('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
    c.release();
  });

  it('closing the pool refuses whoever still waits', async () => {
    const p = pool({ max: 1 });
    const holder = await connectIn(p, 'read');
    const waiting = connectIn(p, 'write');
    holder.release();
    await waiting.then((c) => c.release());
    const again = await connectIn(p, 'read');
    const refused = connectIn(p, 'read');
    const ended = p.end();
    await expect(refused).rejects.toThrow('Cannot use a pool after calling end on the pool');
    again.release();
    await ended;
    await expect(connectIn(p, 'read')).rejects.toThrow('Cannot use a pool after calling end on the pool');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';
import { PgBus, poolTransport, type BusLog } from '../../src/server/lib/realtime/pg-bus.ts';
import { freshDatabase } from '../support/database.ts';

const url = process.env.TEST_DATABASE_URL;

function capturingLog() {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { log: { warn: push, error: push } as unknown as BusLog, lines };
}

/** A subscriber whose messages are queued in arrival order. */
async function inbox(bus: PgBus, channel: string) {
  const queue: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  const stop = await bus.subscribe(channel, (m) => {
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  return {
    stop,
    next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r))),
    pending: () => queue.length,
  };
}

let database: Database;
beforeAll(async () => {
  database = await freshDatabase(url);
});
afterAll(async () => database?.close());

describe('PgBus', () => {
  it('delivers JSON messages to every subscriber in publish order, the publisher included', async () => {
    const one = new PgBus(database.notifications);
    const two = new PgBus(database.notifications);
    const a = await inbox(one, 'bus_order');
    const b = await inbox(two, 'bus_order');
    await Promise.all([1, 2, 3].map((n) => one.publish('bus_order', { n, text: '中文' })));
    for (const box of [a, b]) {
      expect(await box.next()).toEqual({ n: 1, text: '中文' });
      expect(await box.next()).toEqual({ n: 2, text: '中文' });
      expect(await box.next()).toEqual({ n: 3, text: '中文' });
    }
    await one.close();
    await two.close();
  });

  it('replaces an oversized message by its fallback, or drops it with a warning', async () => {
    const { log, lines } = capturingLog();
    const bus = new PgBus(database.notifications, log);
    const box = await inbox(bus, 'bus_size');
    const big = { id: 'r1', text: 'x'.repeat(8000) };
    expect(await bus.publish('bus_size', big)).toBe(false);
    expect(await bus.publish('bus_size', big, () => ({ id: 'r1' }))).toBe(true);
    expect(await box.next()).toEqual({ id: 'r1' });
    expect(lines.some((l) => l.includes('dropped'))).toBe(true);
    expect(lines.some((l) => l.includes('trimmed'))).toBe(true);
    await bus.close();
  });

  it('skips payloads that are not JSON and stops delivering after close', async () => {
    const { log, lines } = capturingLog();
    const bus = new PgBus(database.notifications, log);
    const witness = new PgBus(database.notifications);
    const box = await inbox(bus, 'bus_close');
    const seen = await inbox(witness, 'bus_close');
    await database.rawQuery("SELECT pg_notify('bus_close', 'not json')", []);
    await bus.publish('bus_close', { n: 1 });
    expect(await box.next()).toEqual({ n: 1 });
    expect(lines.some((l) => l.includes('not JSON'))).toBe(true);
    await bus.close();
    await witness.publish('bus_close', { n: 2 });
    expect(await seen.next()).toEqual({ n: 1 });
    expect(await seen.next()).toEqual({ n: 2 });
    expect(box.pending()).toBe(0);
    await witness.close();
  });

  it('refuses channel names that are not plain identifiers', async () => {
    const bus = new PgBus(database.notifications);
    await expect(bus.subscribe('x; DROP TABLE sys_user', () => undefined)).rejects.toThrow(
      'invalid bus channel',
    );
    await expect(bus.publish('Bad-Name', {})).rejects.toThrow('invalid bus channel');
  });
});

// PostgreSQL's own transport: declared in the pass on PostgreSQL (server-pg), absent on PGlite
if (url)
  describe('poolTransport on PostgreSQL', () => {
    it('listens again after its connection is killed', async () => {
      const { rows } = await database.rawQuery('SELECT current_database() AS name', []);
      const target = new URL(url!);
      target.pathname = `/${(rows[0] as { name: string }).name}`;
      const pool = new pg.Pool({ connectionString: target.toString(), max: 3 });
      pool.on('error', () => undefined);
      const { log, lines } = capturingLog();
      const transport = poolTransport(pool, log, [10]);
      const bus = new PgBus(transport, log);
      const box = await inbox(bus, 'bus_reconnect');
      const listener = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
      const before = (await pool.query(listener)).rows.map((r) => r.pid);
      expect(before).toHaveLength(1);
      await pool.query('SELECT pg_terminate_backend($1)', [before[0]]);
      // wait for the replacement connection to have issued its LISTEN
      for (;;) {
        const now = (await pool.query(listener)).rows.map((r) => r.pid);
        if (now.length === 1 && now[0] !== before[0]) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await bus.publish('bus_reconnect', { after: 'reconnect' });
      expect(await box.next()).toEqual({ after: 'reconnect' });
      expect(lines.some((l) => l.includes('LISTEN connection lost'))).toBe(true);
      await bus.close();
      await transport.close();
      await pool.end();
    });
  });

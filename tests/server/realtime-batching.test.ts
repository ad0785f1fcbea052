import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { FLUSH_INTERVAL_MS, VXE_CHANNEL } from '../../src/server/lib/realtime/vxe-hub.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { freshDatabase } from '../support/database.ts';
import { openSocket, type SocketClient } from '../support/spawn-server.ts';

/**
 * Realtime publishing is off the request path (issue #14): a save answers while its notification
 * cannot leave, and a burst of saves sends a bounded number of notifications, carrying every row
 * or a reload row for what did not fit.
 */

let database: Database;
let app: FastifyInstance;
let ws: string;
let token: string;
let adminId: string;
/** NOTIFYs sent on the realtime channel, and a gate that can hold them */
const sent: string[] = [];
let gate: Promise<void> | null = null;

beforeAll(async () => {
  database = await freshDatabase(process.env.TEST_DATABASE_URL);
  const notify = database.notifications.notify.bind(database.notifications);
  database.notifications.notify = async (channel, payload) => {
    if (channel === VXE_CHANNEL) {
      sent.push(payload);
      await gate;
    }
    return notify(channel, payload);
  };
  app = await buildApp({ config: loadConfig({}, { logLevel: 'silent' }), database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  ws = address.replace('http', 'ws') + '/jeecg-boot';
  const r = await app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = r.json().result.token;
  adminId = r.json().result.userInfo.id;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const gridSocket = () => openSocket(`${ws}/vxeSocket/${adminId}/${crypto.randomUUID()}`, token);

type Update = { type: string; data: { socketKey: string; args: [Record<string, unknown>, string] } };

/** Every update the socket receives until one matches `last` (kept in order). */
async function updatesUntil(socket: SocketClient, last: (u: Update) => boolean): Promise<Update[]> {
  const seen: Update[] = [];
  for (;;) {
    const m = (await socket.next((x) => (x as Update).type === 'update_vxe_table', 60_000)) as Update;
    if (!m) throw new Error(`no further update after ${seen.length}`);
    seen.push(m);
    if (last(m)) return seen;
  }
}

const add = (i: number, prefix: string) =>
  app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/position/add',
    headers: { 'x-access-token': token },
    payload: { code: `${prefix}${String(i).padStart(4, '0')}`, name: `批量职务${i}`, postRank: '1' },
  });

describe('realtime publishing', () => {
  it('answers a save while its notification cannot leave; the row follows when it can', async () => {
    const socket = await gridSocket();
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const before = sent.length;
    try {
      const r = await add(0, 'GATE');
      expect(r.json()).toMatchObject({ success: true });
      await app.realtime.publish('marker', { id: 'm', n: 1 }, undefined, PERM.position.list);
      // the notification is still held at the gate, yet the save has answered
      await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS * 2));
      expect(sent.length).toBe(before + 1);
    } finally {
      open();
      gate = null;
    }
    // the save's row, then the marker published after it (read to the end, so no update of this
    // test reaches the next test's socket: on PostgreSQL a NOTIFY comes back asynchronously)
    const got = await updatesUntil(socket, (u) => u.data.socketKey === 'marker');
    const saved = got.findIndex((u) => u.data.args[0].code === 'GATE0000');
    expect(got[saved]?.data.socketKey).toBe('sys_position');
    expect(saved).toBeLessThan(got.length - 1);
    socket.close();
  });

  it('sends one notification for a burst published at once: a key that overflowed as one reload row', async () => {
    await app.realtime.flushed();
    const socket = await gridSocket();
    const before = sent.length;
    for (let i = 0; i < 1000; i++)
      void app.realtime.publish('burst', { id: `b${i}`, name: `行${i}` }, undefined, PERM.position.list);
    await app.realtime.flushed();
    expect(sent.length - before).toBe(1);
    // the key overflowed the queue: one reload row stands for all its rows (receivers refetch)
    const got = await updatesUntil(socket, (u) => u.data.socketKey === 'burst');
    expect(got.map((u) => u.data)).toEqual([{ socketKey: 'burst', args: [{}, ''] }]);
    // rows of a key that fits are sent as they are, in publish order
    for (let i = 0; i < 3; i++) void app.realtime.publish('few', { id: `f${i}` }, 'c', PERM.position.list);
    await app.realtime.flushed();
    expect(sent.length - before).toBe(2);
    const few = await updatesUntil(socket, (u) => u.data.args[0].id === 'f2');
    expect(few.map((u) => u.data.args[0].id)).toEqual(['f0', 'f1', 'f2']);
    socket.close();
  });

  it('a burst of 1,000 saves sends at most one notification per flush interval, covering every row', async () => {
    await app.realtime.flushed();
    const socket = await gridSocket();
    const before = sent.length;
    const started = performance.now();
    // ten clients saving as fast as the server answers
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < 1000) {
          const r = await add(next++, 'BURST');
          expect(r.json()).toMatchObject({ success: true });
        }
      }),
    );
    await app.realtime.flushed();
    const elapsed = performance.now() - started;
    const notifications = sent.length - before;
    expect(notifications).toBeLessThanOrEqual(Math.floor(elapsed / FLUSH_INTERVAL_MS) + 1);
    expect(notifications).toBeLessThan(1000);
    // every saved row arrived, or a reload row after which the list is read again
    const codes = new Set<string>();
    let reloads = 0;
    for (const payload of sent.slice(before)) {
      const { batch } = JSON.parse(payload) as { batch: Array<{ args: [Record<string, unknown>] }> };
      for (const e of batch) {
        if (Object.keys(e.args[0]).length === 0) reloads++;
        else codes.add(String(e.args[0].code));
      }
    }
    expect(codes.size === 1000 || reloads > 0).toBe(true);
    const last = JSON.parse(sent.at(-1)!) as { batch: Array<{ args: [Record<string, unknown>] }> };
    const lastRow = last.batch.at(-1)!.args[0];
    await updatesUntil(socket, (u) => JSON.stringify(u.data.args[0]) === JSON.stringify(lastRow));
    socket.close();
  });
});

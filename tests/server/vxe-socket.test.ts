import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { AUTHENTICATED, PERM } from '../../src/shared/permissions.ts';
import { sysPermission, sysRole, sysRolePermission } from '../../src/server/db/schema/index.ts';
import { freshDatabase } from '../support/database.ts';
import { ORDER } from '../../src/shared/resources/order.ts';
import { ORDER_STATUS } from '../../src/shared/resources/order-states.ts';
import { SOCKET_KEYS } from '../../src/shared/realtime.ts';

/**
 * Two app instances on one database, as behind a load balancer: with PGlite both share one
 * Database object (LISTEN/NOTIFY inside PGlite); with TEST_DATABASE_URL each has its own pool.
 */
interface Instance {
  app: FastifyInstance;
  ws: string;
}

let primary: Database;
let secondary: Database | undefined;
let a: Instance;
let b: Instance;

async function start(database: Database): Promise<Instance> {
  const app = await buildApp({ config: loadConfig({}, { logLevel: 'silent' }), database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, ws: address.replace('http', 'ws') + '/jeecg-boot' };
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  primary = await freshDatabase(url);
  if (url) {
    const { rows } = await primary.rawQuery('SELECT current_database() AS name', []);
    const target = new URL(url);
    target.pathname = `/${(rows[0] as { name: string }).name}`;
    secondary = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  }
  a = await start(primary);
  b = await start(secondary ?? primary);
});

afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await secondary?.close();
  await primary?.close();
});

async function login(username: string): Promise<{ token: string; id: string }> {
  const r = await a.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username, password: '123456' },
  });
  const body = r.json();
  if (!body.success) throw new Error(`login ${username} failed`);
  return { token: body.result.token, id: body.result.userInfo.id };
}

/** An open socket with its received JSON messages queued in order. */
interface Client {
  ws: WebSocket;
  next(): Promise<unknown>;
  close(): Promise<void>;
}

function open(url: string, protocols?: string[]): Promise<Client> {
  const ws = new WebSocket(url, protocols);
  const queue: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d));
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const client: Client = {
    ws,
    next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r))),
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
  });
}

const pageId = () => crypto.randomUUID();
const heartBeat = JSON.stringify({ type: 'heart_beat', data: '' });

describe('/vxeSocket/{userId}/{pageId}', () => {
  it('echoes the token sub-protocol and answers heart_beat', async () => {
    const admin = await login('admin');
    const c = await open(`${a.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    expect(c.ws.protocol).toBe(admin.token);
    c.ws.send(heartBeat);
    expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
    await c.close();
  });

  it('delivers a row published on one instance to the sockets of every instance', async () => {
    const admin = await login('admin');
    const onB = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const onA = await open(`${a.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const row = { id: 'p1', code: 'GW01', name: '店长' };
    await a.app.realtime.publish('sys_position', row, 'case-1', PERM.position.list);
    const expected = { type: 'update_vxe_table', data: { socketKey: 'sys_position', args: [row, 'case-1'] } };
    expect(await onB.next()).toEqual(expected);
    expect(await onA.next()).toEqual(expected);
    await b.app.realtime.publish('sys_position', { id: 'p2' }, undefined, PERM.position.list);
    expect(await onA.next()).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'sys_position', args: [{ id: 'p2' }, ''] },
    });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('sends a row only to users holding its permission', async () => {
    const admin = await login('admin');
    const operator = await login('yunying');
    const allowed = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const denied = await open(`${b.ws}/vxeSocket/${operator.id}/${pageId()}`, [operator.token]);
    await a.app.realtime.publish('sys_position', { id: 'secret' }, 'c', PERM.position.list);
    await a.app.realtime.publish('notes', { id: 'open' }, 'c', AUTHENTICATED);
    expect(await allowed.next()).toMatchObject({ data: { args: [{ id: 'secret' }, 'c'] } });
    expect(await allowed.next()).toMatchObject({ data: { args: [{ id: 'open' }, 'c'] } });
    // messages arrive in publish order: the first one the operator sees is the second row
    expect(await denied.next()).toMatchObject({ data: { socketKey: 'notes', args: [{ id: 'open' }, 'c'] } });
    await Promise.all([allowed.close(), denied.close()]);
  });

  it('does not rebroadcast rows sent by clients', async () => {
    const admin = await login('admin');
    const sender = await open(`${a.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const other = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const injected = { socketKey: 'sys_position', args: [{ id: 'x', name: '伪造' }, 'evil'] };
    sender.ws.send(JSON.stringify({ type: 'update_vxe_table', data: injected }));
    sender.ws.send(heartBeat);
    // the server handles a socket's frames in order: the reply proves the update was processed
    expect(await sender.next()).toEqual({ type: 'heart_beat', data: true });
    await a.app.realtime.publish('marker', { id: 'm' }, undefined, AUTHENTICATED);
    expect(await other.next()).toMatchObject({ data: { socketKey: 'marker' } });
    expect(await sender.next()).toMatchObject({ data: { socketKey: 'marker' } });
    await Promise.all([sender.close(), other.close()]);
  });

  it('sends only the id of a row too large for NOTIFY', async () => {
    const admin = await login('admin');
    const c = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    await a.app.realtime.publish(
      'sys_position',
      { id: 'big', memo: '长'.repeat(4000) },
      'c',
      PERM.position.list,
    );
    expect(await c.next()).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'sys_position', args: [{ id: 'big' }, 'c'] },
    });
    await c.close();
  });

  it('closes the socket once its token is revoked (re-checked at the change and at heartbeats)', async () => {
    const admin = await login('admin');
    const c = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    c.ws.send(heartBeat);
    expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
    let code: number | undefined;
    const closed = new Promise<number>((resolve) => c.ws.once('close', (n) => resolve((code = n))));
    const out = await a.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/logout',
      headers: { 'x-access-token': admin.token },
    });
    expect(out.json()).toMatchObject({ success: true });
    // heartbeats closer than a second are answered from the last check: keep beating until it closes
    while (code === undefined) {
      c.ws.send(heartBeat);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await closed).toBe(4401);
  });

  it('refreshes the permission filter on each heartbeat', async () => {
    const operator = await login('yunying');
    const c = await open(`${b.ws}/vxeSocket/${operator.id}/${pageId()}`, [operator.token]);
    const [role] = await primary.db.select().from(sysRole).where(eq(sysRole.roleCode, 'operator'));
    const [button] = await primary.db
      .select()
      .from(sysPermission)
      .where(and(eq(sysPermission.perms, PERM.position.list), eq(sysPermission.menuType, 2)));
    const id = 'vxe_test_grant';
    await primary.db.insert(sysRolePermission).values({ id, roleId: role!.id, permissionId: button!.id });
    try {
      c.ws.send(heartBeat);
      expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
      await a.app.realtime.publish('sys_position', { id: 'now-visible' }, '', PERM.position.list);
      expect(await c.next()).toMatchObject({ data: { args: [{ id: 'now-visible' }, ''] } });
    } finally {
      await primary.db.delete(sysRolePermission).where(eq(sysRolePermission.id, id));
    }
    await c.close();
  });

  it('refuses a missing or bad token and closes a socket for another user id', async () => {
    await expect(open(`${a.ws}/vxeSocket/u/${pageId()}`)).rejects.toThrow('HTTP 401');
    await expect(open(`${a.ws}/vxeSocket/u/${pageId()}`, ['not-a-token'])).rejects.toThrow('HTTP 401');
    const operator = await login('yunying');
    const admin = await login('admin');
    const c = await open(`${a.ws}/vxeSocket/${admin.id}/${pageId()}`, [operator.token]);
    const code = await new Promise<number>((resolve) => c.ws.once('close', (n) => resolve(n)));
    expect(code).toBe(4403);
  });
});

describe('position saves', () => {
  it('publish the saved list row to the positions grids of every instance', async () => {
    const admin = await login('admin');
    const operator = await login('yunying');
    const grid = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const denied = await open(`${b.ws}/vxeSocket/${operator.id}/${pageId()}`, [operator.token]);
    const save = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
      a.app.inject({
        method,
        url: `/jeecg-boot${url}`,
        headers: { 'x-access-token': admin.token, 'x-vxe-case-id': 'grid-7' },
        payload,
      });
    expect(
      (await save('/sys/position/add', { code: 'rt_1', name: '实时职务', postRank: '3' })).json(),
    ).toMatchObject({
      success: true,
    });
    const added = (await grid.next()) as {
      data: { socketKey: string; args: [Record<string, unknown>, string] };
    };
    expect(added.data.socketKey).toBe('sys_position');
    expect(added.data.args[1]).toBe('grid-7');
    expect(added.data.args[0]).toMatchObject({
      code: 'rt_1',
      name: '实时职务',
      postRank: '3',
      createBy: 'admin',
    });
    expect(added.data.args[0]).toHaveProperty('postRank_dictText');
    const id = added.data.args[0].id as string;
    const edit = { id, code: 'rt_1', name: '实时职务二', postRank: '3' };
    expect((await save('/sys/position/edit', edit, 'PUT')).json()).toMatchObject({ success: true });
    expect(await grid.next()).toMatchObject({
      data: { args: [{ id, name: '实时职务二', updateBy: 'admin' }, 'grid-7'] },
    });
    await a.app.realtime.publish('marker', { id: 'm' }, undefined, AUTHENTICATED);
    expect(await denied.next()).toMatchObject({ data: { socketKey: 'marker' } });
    await Promise.all([grid.close(), denied.close()]);
  });
});

describe('user saves', () => {
  it('publish edited and frozen users, as the list shows them, to the users grids of every instance', async () => {
    const admin = await login('admin');
    const grid = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const list = await a.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/user/list?username=caiwu',
      headers: { 'x-access-token': admin.token },
    });
    const caiwu = list.json().result.records[0] as { id: string };
    const save = (url: string, payload: object) =>
      a.app.inject({
        method: 'PUT',
        url: `/jeecg-boot${url}`,
        headers: { 'x-access-token': admin.token, 'x-vxe-case-id': 'users-1' },
        payload,
      });
    expect((await save('/sys/user/edit', { id: caiwu.id, realname: '王出纳' })).json()).toMatchObject({
      success: true,
    });
    expect(await grid.next()).toMatchObject({
      type: 'update_vxe_table',
      data: {
        socketKey: 'sys_user',
        args: [{ id: caiwu.id, realname: '王出纳', sex_dictText: '女' }, 'users-1'],
      },
    });
    expect((await save('/sys/user/frozenBatch', { ids: caiwu.id, status: '2' })).json()).toMatchObject({
      success: true,
    });
    expect(await grid.next()).toMatchObject({
      data: {
        socketKey: 'sys_user',
        args: [{ id: caiwu.id, status: 2, status_dictText: '冻结' }, 'users-1'],
      },
    });
    // a user's save of their own profile (账户设置 → 基本设置) reaches the grids too
    const operator = await login('yunying');
    const own = await a.app.inject({
      method: 'PUT',
      url: '/jeecg-boot/sys/user/appEdit',
      headers: { 'x-access-token': operator.token },
      payload: { realname: '运营自改' },
    });
    expect(own.json()).toMatchObject({ success: true });
    const ownRow = (await grid.next()) as { data: { socketKey: string; args: [Record<string, unknown>] } };
    expect(ownRow.data.socketKey).toBe('sys_user');
    expect(ownRow.data.args[0]).toMatchObject({ id: operator.id, realname: '运营自改' });
    await grid.close();
  });
});

describe('dictionary item saves', () => {
  it('publish only the rows a batch inserted or changed, not every item sent back unchanged', async () => {
    const admin = await login('admin');
    const grid = await open(`${b.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    const get = async (url: string) =>
      (
        await a.app.inject({
          method: 'GET',
          url: `/jeecg-boot${url}`,
          headers: { 'x-access-token': admin.token },
        })
      ).json().result;
    const sex = (await get('/sys/dict/list?dictCode=sex')).records[0] as { id: string };
    const [male, female] = (await get(`/sys/dictItem/list?dictId=${sex.id}`)).records as Array<{
      id: string;
      itemText: string;
      itemValue: string;
    }>;
    const saved = await a.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/dictItem/saveBatch',
      headers: { 'x-access-token': admin.token, 'x-vxe-case-id': 'items-1' },
      payload: {
        dictId: sex.id,
        rows: [
          { id: male!.id, itemText: male!.itemText, itemValue: male!.itemValue },
          { id: female!.id, itemText: '女士', itemValue: female!.itemValue },
          { itemText: '未知', itemValue: '0' },
        ],
      },
    });
    expect(saved.json()).toMatchObject({ success: true });
    expect(await grid.next()).toMatchObject({
      data: { socketKey: 'sys_dict_item', args: [{ id: female!.id, itemText: '女士' }, 'items-1'] },
    });
    expect(await grid.next()).toMatchObject({
      data: { socketKey: 'sys_dict_item', args: [{ itemText: '未知', itemValue: '0' }, 'items-1'] },
    });
    // the unchanged row is not announced: the next message is the marker
    await a.app.realtime.publish('marker', { id: 'm' }, undefined, AUTHENTICATED);
    expect(await grid.next()).toMatchObject({ data: { socketKey: 'marker' } });
    await grid.close();
  });
});

describe('notification socket across instances', () => {
  it('delivers a notice sent on one instance to the user socket on another', async () => {
    const operator = await login('yunying');
    const admin = await login('admin');
    const mine = await open(`${b.ws}/websocket/${operator.id}`, [operator.token]);
    const theirs = await open(`${a.ws}/websocket/${admin.id}`, [admin.token]);
    a.app.notices.send(operator.id, { cmd: 'user', msgId: 'n1', msgTxt: '新通知' });
    a.app.notices.send(null, { cmd: 'topic', msgId: 'n2', msgTxt: '全员通知' });
    expect(await mine.next()).toEqual({ cmd: 'user', msgId: 'n1', msgTxt: '新通知' });
    expect(await mine.next()).toEqual({ cmd: 'topic', msgId: 'n2', msgTxt: '全员通知' });
    // the admin is not the target of the first notice: the broadcast comes first
    expect(await theirs.next()).toEqual({ cmd: 'topic', msgId: 'n2', msgTxt: '全员通知' });
    await Promise.all([mine.close(), theirs.close()]);
  });
});

describe('order state changes (监控页 live board)', () => {
  it('reach the order sockets of every instance as the list shows the row; a partner’s staff get their partner’s only', async () => {
    const admin = await login('admin');
    const onA = await open(`${a.ws}/vxeSocket/${admin.id}/${pageId()}`, [admin.token]);
    // an order waiting for its cancellation to be approved, changed through instance B
    const { rows } = await primary.rawQuery(
      `select id, partner_id from yy_visit_order where status = $1 order by id limit 1`,
      [ORDER_STATUS.cancelPending],
    );
    const order = rows[0] as { id: string; partner_id: string | null };
    expect(order).toBeDefined();
    const r = await b.app.inject({
      method: 'PUT',
      url: `/jeecg-boot${ORDER.decl.path}/approveCancel`,
      headers: { 'x-access-token': admin.token },
      payload: { ids: order.id },
    });
    expect(r.json().success, r.body).toBe(true);
    const m = (await onA.next()) as { data: { socketKey: string; args: [Record<string, unknown>, string] } };
    expect(m.data.socketKey).toBe(SOCKET_KEYS.order);
    expect(m.data.args[0]).toMatchObject({
      id: order.id,
      status: ORDER_STATUS.cancelled,
      orderNo: expect.any(String),
    });

    // staff of another partner: the hub drops the row for them, not for staff of its own partner
    const staff = await login('yunying');
    const partnerOf = () => 'partner-x';
    await primary.rawQuery(`update sys_user set partner_id = $1 where id = $2`, ['partner-y', staff.id]);
    const again = await open(`${b.ws}/vxeSocket/${staff.id}/${pageId()}`, [staff.token]);
    await a.app.realtime.publishSaved('orders-probe', AUTHENTICATED, 'c', async () => [{ id: 'o1' }], {
      partnerOf,
    });
    await a.app.realtime.publishSaved('orders-probe', AUTHENTICATED, 'c', async () => [{ id: 'o2' }], {
      partnerOf: () => 'partner-y',
    });
    expect(await again.next()).toMatchObject({ data: { args: [{ id: 'o2' }, 'c'] } });
    await primary.rawQuery(`update sys_user set partner_id = null where id = $1`, [staff.id]);
    await Promise.all([onA.close(), again.close()]);
  });
});

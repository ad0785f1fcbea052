import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';
import { AUTHENTICATED, PERM } from '../../src/shared/permissions.ts';
import { eq } from 'drizzle-orm';
import { sysPermission } from '../../src/server/db/schema/index.ts';

/**
 * Realtime grids and tenants: a saved user's row is pushed only to the users grids of users who
 * reach one of its tenants (the administrator reaches all); another tenant's grid never sees it.
 */
let t: TestApp;
let ws: string;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ws = `${address.replace('http', 'ws')}/jeecg-boot`;
});
afterAll(async () => t?.close());

/** An open socket with its received JSON messages in order. */
async function open(url: string, token: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, [token], { headers });
  const queue: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  const closedWith = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (d) => {
    const m = JSON.parse(String(d));
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r))),
    send: (m: unknown) => socket.send(JSON.stringify(m)),
    /** the close code, once the server closed the socket */
    closed: () => closedWith,
    close: () => new Promise<void>((resolve) => (socket.once('close', () => resolve()), socket.close())),
  };
}

describe('user rows on the realtime grids', () => {
  it('reach the grids of the row’s tenants and the administrator’s, not another tenant’s', async () => {
    const admin = await t.login('admin');
    await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } });
    const roleId = await roleWithout(t, 'tenant_admin');
    const westId = await addUser(t, admin, 'west_admin', { roleId, tenants: '2' });
    const hqId = await addUser(t, admin, 'hq_admin', { roleId, tenants: '1' });
    const west = await loginAdded(t, 'west_admin');
    const adminId = (await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'admin' } }))
      .body.result.records[0].id as string;
    const westGrid = await open(`${ws}/vxeSocket/${westId}/${crypto.randomUUID()}`, west);
    const adminGrid = await open(`${ws}/vxeSocket/${adminId}/${crypto.randomUUID()}`, admin);

    const r = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: hqId, realname: '总部改名' },
    });
    expect(r.body).toMatchObject({ success: true });
    expect(await adminGrid.next()).toMatchObject({
      data: { socketKey: 'sys_user', args: [{ id: hqId, realname: '总部改名' }, ''] },
    });
    // a marker every grid gets: the west grid received nothing before it
    await t.app.realtime.publish('marker', { id: 'm' }, undefined, AUTHENTICATED);
    expect(await westGrid.next()).toMatchObject({ data: { socketKey: 'marker' } });

    // a west user's save does reach the west grid
    await t.call('PUT', '/sys/user/edit', { token: admin, body: { id: westId, realname: '城西改名' } });
    expect(await westGrid.next()).toMatchObject({
      data: { socketKey: 'sys_user', args: [{ id: westId, realname: '城西改名' }, ''] },
    });
    await Promise.all([westGrid.close(), adminGrid.close()]);
  });

  it('leave out the fields the receiver lacks the rights of (user:sex)', async () => {
    const admin = await t.login('admin');
    const roleId = await roleWithout(t, 'no_sex', [PERM.user.fieldSex]);
    const clerkId = await addUser(t, admin, 'west_clerk', { roleId, tenants: '2' });
    const clerk = await loginAdded(t, 'west_clerk');
    const grid = await open(`${ws}/vxeSocket/${clerkId}/${crypto.randomUUID()}`, clerk);
    const r = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: clerkId, realname: '文员' },
    });
    expect(r.body).toMatchObject({ success: true });
    const m = (await grid.next()) as { data: { args: [Record<string, unknown>, string] } };
    expect(m.data.args[0]).toMatchObject({ id: clerkId, realname: '文员' });
    expect(m.data.args[0]).not.toHaveProperty('sex');
    expect(m.data.args[0]).not.toHaveProperty('sex_dictText');
    await grid.close();
  });

  it('follow a tenant change at once: the old tenant’s rows stop, a named tenant left closes the socket', async () => {
    const admin = await t.login('admin');
    await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城北租户', status: 1 } });
    const tenants = await t.call('GET', '/sys/tenant/list', { token: admin, query: { pageSize: '100' } });
    const records = tenants.body.result.records as Array<{ id: number; name: string }>;
    const north = String(records.find((r) => r.name === '城北租户')!.id);
    const roleId = await roleWithout(t, 'mover', [PERM.user.fieldSex]);
    const moverId = await addUser(t, admin, 'north_mover', { roleId, tenants: north });
    const stayId = await addUser(t, admin, 'north_stay', { roleId, tenants: north });
    const mover = await loginAdded(t, 'north_mover');
    const grid = await open(`${ws}/vxeSocket/${moverId}/${crypto.randomUUID()}`, mover);
    const named = await open(`${ws}/vxeSocket/${moverId}/${crypto.randomUUID()}`, mover, {
      'x-tenant-id': north,
    });
    const edit = (id: string, realname: string) =>
      t.call('PUT', '/sys/user/edit', { token: admin, body: { id, realname } });

    expect((await edit(stayId, '留守一')).body).toMatchObject({ success: true });
    expect(await grid.next()).toMatchObject({ data: { socketKey: 'sys_user', args: [{ id: stayId }, ''] } });
    expect(await named.next()).toMatchObject({ data: { socketKey: 'sys_user', args: [{ id: stayId }, ''] } });

    // the mover leaves 城北 for tenant 1; the sockets learn it on their next heartbeat
    const moved = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: moverId, realname: '调往总部', relTenantIds: '1' },
    });
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ success: true });
    // the change re-checks both sockets at once, without a heartbeat: the one naming 城北 is closed
    expect(await named.closed()).toBe(4401);
    // the other one's re-check started with it; a heartbeat is answered once it is done. (The
    // move's own push may come before that, or, on PostgreSQL, before the change was noticed.)
    grid.send({ type: 'heart_beat', data: 'ping' });
    let m: unknown;
    do m = await grid.next();
    while (!(m as { type?: string }).type?.startsWith('heart_beat'));
    expect(m).toEqual({ type: 'heart_beat', data: true });
    // it now reaches tenant 1, where the mover's own row is
    expect((await edit(moverId, '调往总部二')).body).toMatchObject({ success: true });
    type Pushed = { data?: { args?: [{ realname?: string }, string] } };
    let pushed: Pushed;
    // (the move's own push, when it came after the re-check, comes first)
    do pushed = (await grid.next()) as Pushed;
    while (pushed.data?.args?.[0]?.realname === '调往总部');
    expect(pushed).toMatchObject({
      data: { socketKey: 'sys_user', args: [{ id: moverId, realname: '调往总部二' }, ''] },
    });

    expect((await edit(stayId, '留守二')).body).toMatchObject({ success: true });
    await t.app.realtime.publish('marker', { id: 'm' }, undefined, AUTHENTICATED);
    // 城北's row no longer reaches the mover's grid: the marker is the next row that is not the
    // mover's own (on PostgreSQL its last save may arrive a second time first, through NOTIFY)
    let next: Pushed & { data?: { socketKey?: string } };
    do next = (await grid.next()) as typeof next;
    while (next.data?.args?.[0]?.realname === '调往总部二');
    expect(next).toMatchObject({ data: { socketKey: 'marker' } });
    await grid.close();
  });

  it('re-check a socket that sends no heartbeat as soon as users or grants change', async () => {
    const admin = await t.login('admin');
    const roleId = await roleWithout(t, 'silent', [PERM.user.fieldSex]);
    const quietId = await addUser(t, admin, 'quiet_one', { roleId, tenants: '1' });
    const otherId = await addUser(t, admin, 'quiet_other', { roleId, tenants: '1' });
    const quiet = await loginAdded(t, 'quiet_one');
    const grid = await open(`${ws}/vxeSocket/${quietId}/${crypto.randomUUID()}`, quiet);
    const edit = (id: string, realname: string) =>
      t.call('PUT', '/sys/user/edit', { token: admin, body: { id, realname } });
    expect((await edit(otherId, '同事一')).body).toMatchObject({ success: true });
    expect(await grid.next()).toMatchObject({ data: { args: [{ id: otherId }, ''] } });

    // frozen (its tokens revoked): the socket is closed without a heartbeat from its client
    const frozen = await t.call('PUT', '/sys/user/frozenBatch', {
      token: admin,
      body: { ids: quietId, status: 2 },
    });
    expect(frozen.body).toMatchObject({ success: true });
    expect(await grid.closed()).toBe(4401);
  });
});

describe('rows of a list the receiver sees through data rules', () => {
  it('arrive as a reload row (the grid refetches its list, rules applied), not as the row', async () => {
    const admin = await t.login('admin');
    const [menu] = await t.database.db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.url, '/isystem/user'));
    const added = await t.call('POST', '/sys/permission/addPermissionRule', {
      token: admin,
      body: {
        permissionId: menu!.id,
        ruleName: '只看本人',
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
    });
    expect(added.body).toMatchObject({ success: true });
    const rules = await t.call('GET', '/sys/permission/getPermRuleListByPermId', {
      token: admin,
      query: { permissionId: menu!.id },
    });
    const ruleId = (rules.body.result as Array<{ id: string; ruleName: string }>).find(
      (r) => r.ruleName === '只看本人',
    )!.id;
    const roleId = await roleWithout(t, 'ruled');
    const granted = await t.call('POST', '/sys/role/datarule', {
      token: admin,
      body: { permissionId: menu!.id, roleId, dataRuleIds: ruleId },
    });
    expect(granted.body).toMatchObject({ success: true });
    const ruledId = await addUser(t, admin, 'ruled_one', { roleId, tenants: '1' });
    const otherId = await addUser(t, admin, 'ruled_other', { roleId, tenants: '1' });
    const ruled = await loginAdded(t, 'ruled_one');
    // the list shows the ruled user only themselves
    const list = await t.call('GET', '/sys/user/list', { token: ruled, query: { pageSize: '100' } });
    expect((list.body.result.records as Array<{ id: string }>).map((r) => r.id)).toEqual([ruledId]);

    const grid = await open(`${ws}/vxeSocket/${ruledId}/${crypto.randomUUID()}`, ruled);
    const adminId = (await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'admin' } }))
      .body.result.records[0].id as string;
    const adminGrid = await open(`${ws}/vxeSocket/${adminId}/${crypto.randomUUID()}`, admin);
    const edited = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: otherId, realname: '看不见的人' },
    });
    expect(edited.body).toMatchObject({ success: true });
    expect(await adminGrid.next()).toMatchObject({
      data: { args: [{ id: otherId, realname: '看不见的人' }, ''] },
    });
    const pushed = (await grid.next()) as {
      data: { socketKey: string; args: [Record<string, unknown>, string] };
    };
    expect(pushed.data.socketKey).toBe('sys_user');
    expect(pushed.data.args[0]).toEqual({});
    await Promise.all([grid.close(), adminGrid.close()]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  awaitLockWaiters,
  NO_BINARIES,
  postgresBinDir,
  runStatement,
  skipOutsideCI,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../support/private-postgres.ts';
import {
  call,
  loginAdmin,
  openSocket,
  positionImport,
  scratchDir,
  spawnServer,
  type SocketClient,
  type SpawnedServer,
} from '../support/spawn-server.ts';

/**
 * A PostgreSQL restart under two running app instances (a private PostgreSQL server: the
 * machine's shared one is never stopped). While it is down, requests fail promptly with a
 * JeecgBoot JSON error and the processes stay up; afterwards the same processes serve logins,
 * lists and writes again, and LISTEN/NOTIFY fan-out between them resumes.
 */

const DOWN = { success: false, code: 503, message: '数据库暂时不可用，请稍后重试' };

let postgres: PrivatePostgres | undefined;
let a: SpawnedServer | undefined;
let b: SpawnedServer | undefined;
let uploads: ReturnType<typeof scratchDir> | undefined;

let positionSeq = 0;
/** Add a position on `server`; resolves with its code. */
async function addPosition(server: SpawnedServer, token: string) {
  const code = `pgr_${process.pid}_${++positionSeq}`;
  const r = await call(server.api, 'POST', '/sys/position/add', {
    token,
    body: { code, name: `重启职务${positionSeq}`, postRank: '1' },
  });
  return { code, answer: r };
}

/**
 * Save rows with `save` until `client` receives one of them. Notifications sent while the
 * receiver's LISTEN connection is down are lost by design, so one save is not enough right
 * after an outage; the receiver's reconnect backoff bounds the wait.
 */
async function awaitRowOnSocket(client: SocketClient, save: () => Promise<string>) {
  const saved = new Set<string>();
  const carriesOne = (m: unknown) =>
    saved.has((m as { data?: { args?: Array<{ code?: string }> } }).data?.args?.[0]?.code ?? '');
  for (let attempt = 0; attempt < 60; attempt++) {
    saved.add(await save());
    if (await client.next(carriesOne, 1000)) return;
  }
  throw new Error('no saved row reached the other instance: its LISTEN connection did not come back');
}

describe.skipIf(skipOutsideCI(!!postgresBinDir()))('PostgreSQL restart under running servers', () => {
  beforeAll(async () => {
    if (!postgresBinDir()) throw new Error(NO_BINARIES);
    postgres = await startPrivatePostgres();
    await runStatement(postgres.url(), 'CREATE DATABASE care');
    uploads = scratchDir('care-fault-pg-');
    // one after the other: the first migrates and seeds, the second finds that done
    a = await spawnServer({ databaseUrl: postgres.url('care'), uploadDir: uploads.dir });
    b = await spawnServer({ databaseUrl: postgres.url('care'), uploadDir: uploads.dir });
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await postgres?.destroy();
    uploads?.remove();
  });

  it('fails requests cleanly while PostgreSQL is down, then serves them again in the same processes', async () => {
    const [server, other] = [a!, b!];
    const pids = [server.pid, other.pid];
    const admin = await loginAdmin(server.api);
    const before = await call(server.api, 'GET', '/sys/position/list', { token: admin.token });
    expect(before.body).toMatchObject({ success: true });

    // realtime before the restart: a save on A reaches a positions grid open on B
    const grid = await openSocket(`${other.ws}/vxeSocket/${admin.id}/${crypto.randomUUID()}`, admin.token);
    const notices = await openSocket(`${other.ws}/websocket/${admin.id}`, admin.token);
    await awaitRowOnSocket(grid, async () => {
      const { code, answer } = await addPosition(server, admin.token);
      expect(answer.body).toMatchObject({ success: true });
      return code;
    });

    // a transaction in flight when PostgreSQL goes down: a dictionary save blocked on a row lock
    const dict = await call(server.api, 'GET', '/sys/dict/list?dictCode=sex', { token: admin.token });
    const dictId = (dict.body.result.records as Array<{ id: string; dictCode: string }>).find(
      (d) => d.dictCode === 'sex',
    )!.id;
    const items = await call(server.api, 'GET', `/sys/dictItem/list?dictId=${dictId}`, {
      token: admin.token,
    });
    const rows = items.body.result.records as Array<Record<string, unknown>>;
    const locker = new pg.Client({ connectionString: postgres!.url('care') });
    locker.on('error', () => undefined); // terminated by the shutdown below
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM sys_dict_item WHERE id = $1 FOR UPDATE', [rows[0]!.id]);
    const blocked = call(server.api, 'POST', '/sys/dictItem/saveBatch', {
      token: admin.token,
      body: { dictId, rows: rows.map((r) => ({ ...r, description: '改于重启前' })) },
    }).catch((e: Error) => e);
    await awaitLockWaiters(postgres!.url('care'), 1);

    await postgres!.stop();
    expect(await blocked).toMatchObject({ status: 503, body: DOWN });

    // during the outage: prompt JSON errors, no hang, no crash
    const list = await call(server.api, 'GET', '/sys/position/list', { token: admin.token });
    expect(list).toMatchObject({ status: 503, body: DOWN });
    const login = await call(other.api, 'POST', '/sys/login', {
      body: { username: 'admin', password: 'whatever-1' },
    });
    expect(login).toMatchObject({ status: 503, body: DOWN });
    const write = await addPosition(other, admin.token);
    expect(write.answer).toMatchObject({ status: 503, body: DOWN });
    expect([server.alive(), other.alive()]).toEqual([true, true]);

    await postgres!.start();

    // the same processes serve again: login, a list, a write
    expect([server.pid, other.pid, server.alive(), other.alive()]).toEqual([...pids, true, true]);
    for (const s of [server, other]) {
      const again = await loginAdmin(s.api);
      const page = await call(s.api, 'GET', '/sys/position/list', { token: again.token });
      expect(page.body).toMatchObject({ success: true });
      const { answer } = await addPosition(s, again.token);
      expect(answer.body).toMatchObject({ success: true, message: '添加成功！' });
    }
    // the save cut short by the shutdown left every item as it was, or (its commit done, only the
    // answer lost as the server went down: the locker's end let it through) every item saved
    const after = await call(server.api, 'GET', `/sys/dictItem/list?dictId=${dictId}`, {
      token: admin.token,
    });
    const found = after.body.result.records as Array<Record<string, unknown>>;
    const strip = (r: Record<string, unknown>) => ({
      ...r,
      description: null,
      updateBy: null,
      updateTime: null,
    });
    expect(found.map(strip)).toEqual(rows.map(strip));
    const descriptions = new Set(found.map((r) => r.description));
    expect([...descriptions].length, 'all items old or all new').toBe(1);
    if (descriptions.has('改于重启前')) expect(found.every((r) => r.updateBy === 'admin')).toBe(true);
    else expect(found).toEqual(rows);
    const saved = await call(server.api, 'POST', '/sys/dictItem/saveBatch', {
      token: admin.token,
      body: { dictId, rows: rows.map((r) => ({ ...r, description: '改于重启后' })) },
    });
    expect(saved.body).toMatchObject({ success: true });
    expect((saved.body.result as Array<{ description: string }>).map((r) => r.description)).toEqual(
      rows.map(() => '改于重启后'),
    );

    // B listens again on every channel: grid rows (vxeSocket) and notices (import progress)
    await awaitRowOnSocket(grid, async () => (await addPosition(server, admin.token)).code);
    const imported = await call(server.api, 'POST', '/sys/position/importExcel', {
      token: admin.token,
      body: await positionImport([[`pgr_imp_${process.pid}`, '重启后导入', '员级']], 'after-restart'),
    });
    expect(imported.body).toMatchObject({ success: true });
    expect(
      await notices.next((m) => (m as { cmd?: string; key?: string }).key === 'after-restart'),
    ).toMatchObject({ cmd: 'progress' });
    grid.close();
    notices.close();
    expect([server.alive(), other.alive()]).toEqual([true, true]);
  });
});

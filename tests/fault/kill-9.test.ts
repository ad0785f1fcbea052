import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  awaitLockWaiters,
  reachable,
  serverDatabase,
  skipOutsideCI,
  type ServerDatabase,
} from '../support/private-postgres.ts';
import {
  call,
  loginAdmin,
  openSocket,
  positionImport,
  scratchDir,
  spawnServer,
  type SpawnedServer,
} from '../support/spawn-server.ts';

/**
 * `kill -9` of the server in the middle of an Excel import (one transaction for the whole file)
 * and of a dictionary item batch save (one transaction for the whole grid): after a restart on the
 * same database every row of the file or none is there, every item old or every item new, and the
 * same work succeeds again. On the embedded PGlite data directory, which must also open again
 * after the kill, and on a PostgreSQL server.
 */

/** Rows of an import file: enough that its insert transaction runs through many statements. */
const ROWS = 20_000;
/** The rows of the file whose position codes start with `prefix`. */
const importRows = (prefix: string) =>
  Array.from({ length: ROWS }, (_, i) => [`${prefix}${String(i).padStart(5, '0')}`, `故障职务${i}`, '员级']);
/** Items of the dictionary saved in one batch. */
const ITEMS = 1000;

/** A spawned server and the admin's session on it. */
type Server = SpawnedServer & { token: string; adminId: string };

async function start(
  opts: { dataDir?: string; databaseUrl?: string },
  uploadDir: string,
  adminPassword: string,
): Promise<Server> {
  const server = await spawnServer({ ...opts, uploadDir });
  const admin = await loginAdmin(server.api, adminPassword);
  return Object.assign(server, { token: admin.token, adminId: admin.id });
}

/** Kill -9 and wait for the process to be gone. */
async function kill9(server: SpawnedServer) {
  expect(await server.stop('SIGKILL')).toBe('SIGKILL');
}

/**
 * How many positions have a code starting with `prefix`. Asked for a page past its end, the list
 * counts exactly (otherwise it counts up to 1000 rows and estimates above).
 */
async function importedCount(server: Server, prefix: string): Promise<number> {
  const r = await call(
    server.api,
    'GET',
    `/sys/position/list?code=${prefix}*&pageSize=1&pageNo=${10 * ROWS}`,
    {
      token: server.token,
    },
  );
  expect(r.body).toMatchObject({ success: true });
  expect(r.body.result.totalEstimated).toBeUndefined();
  return r.body.result.total;
}

/** POST a file of ROWS positions; resolves with the Result, or the error when the server died. */
async function postImport(server: Server, prefix: string, progressKey?: string) {
  const body = await positionImport(importRows(prefix), progressKey);
  return call(server.api, 'POST', '/sys/position/importExcel', { token: server.token, body }).catch(
    (e: Error) => e,
  );
}

const imported = { success: true, message: `文件导入成功！数据行数：${ROWS}` };

/** Resolves (with performance.now()) when the import's check pass has read every row. */
async function checkPassDone(server: Server, progressKey: string) {
  const notices = await openSocket(`${server.ws}/websocket/${server.adminId}`, server.token);
  return async () => {
    // by key: reports of an earlier import may still be on their way to this new socket
    const m = await notices.next((m) => {
      const p = m as { key?: string; done?: number };
      return p.key === progressKey && p.done === ROWS;
    });
    expect(m).toMatchObject({ cmd: 'progress', key: progressKey });
    notices.close();
    return performance.now();
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new dictionary holding ITEMS items; resolves with its id and the items as saved. */
async function bigDictionary(server: Server, code: string) {
  const added = await call(server.api, 'POST', '/sys/dict/add', {
    token: server.token,
    body: { dictName: '故障测试字典', dictCode: code },
  });
  expect(added.body).toMatchObject({ success: true });
  const list = await call(server.api, 'GET', `/sys/dict/list?dictCode=${code}`, { token: server.token });
  const dictId = list.body.result.records[0].id as string;
  const rows = Array.from({ length: ITEMS }, (_, i) => ({ itemText: `项${i}`, itemValue: `v${i}` }));
  const saved = await saveItems(server, dictId, rows);
  expect(saved.body).toMatchObject({ success: true });
  return { dictId, items: saved.body.result as Item[] };
}

interface Item {
  id: string;
  itemText: string;
  itemValue: string;
  sortOrder: number;
}

const saveItems = (server: Server, dictId: string, rows: unknown[]) =>
  call(server.api, 'POST', '/sys/dictItem/saveBatch', { token: server.token, body: { dictId, rows } });

/** Every item renamed `<tag>i` (text and value), as the editable grid would send it. */
const renamed = (items: Item[], tag: string) =>
  items.map((it, i) => ({
    id: it.id,
    itemText: `${tag}${i}`,
    itemValue: `${tag}${i}`,
    sortOrder: it.sortOrder,
  }));

async function itemValues(server: Server, dictId: string): Promise<string[]> {
  const r = await call(server.api, 'GET', `/sys/dictItem/list?dictId=${dictId}&pageSize=${ITEMS}`, {
    token: server.token,
  });
  return (r.body.result.records as Item[]).map((i) => `${i.itemText}=${i.itemValue}`);
}
const allNamed = (items: Item[], tag: string) => items.map((_, i) => `${tag}${i}=${tag}${i}`);

describe('kill -9 on the embedded PGlite data directory', () => {
  let scratch: ReturnType<typeof scratchDir>;
  let dataDir: string;
  let adminPassword: string;
  let server: Server | undefined;
  beforeAll(async () => {
    scratch = scratchDir('care-fault-kill-');
    dataDir = path.join(scratch.dir, 'pglite');
    // the run's seeded template in the data dir: the server starts without seeding (start.test.ts
    // covers a first start)
    ({ adminPassword } = await serverDatabase({ dataDir }, scratch.dir));
  });
  afterAll(async () => {
    await server?.stop();
    scratch.remove();
  });

  it('an import killed half way through its insert transaction leaves none or all of its rows, and the data dir opens again', async () => {
    server = await start({ dataDir }, scratch.dir, adminPassword);
    // PGlite has one connection, so nothing outside can hold the transaction half way: time it
    // instead. The check pass reports reading the last row, then the insert transaction runs
    // (its own progress reports wait behind it); a full import first says how long that lasts.
    const measured = await checkPassDone(server, 'measure');
    const full = postImport(server, 'faultpre', 'measure');
    const began = await measured();
    expect(await full).toMatchObject({ body: imported });
    const inserting = performance.now() - began;

    const checked = await checkPassDone(server, 'kill');
    let answered = false;
    const cut = postImport(server, 'faultkill', 'kill').then((r) => ((answered = !(r instanceof Error)), r));
    await checked();
    await sleep(inserting / 2);
    await kill9(server);
    await cut;

    server = await start({ dataDir }, scratch.dir, adminPassword);
    const count = await importedCount(server, 'faultkill');
    expect([0, ROWS]).toContain(count);
    // an import the server had confirmed must have survived the kill
    if (answered) expect(count).toBe(ROWS);
    // nothing half-there either: the same file imports (again) as on an untouched database
    const again = await postImport(server, 'faultkill');
    if (count === 0) expect(again).toMatchObject({ body: imported });
    else expect(again).toMatchObject({ body: { code: 201, result: { errorCount: ROWS } } });
    expect(await importedCount(server, 'faultkill')).toBe(ROWS);
  });

  it('a dictionary batch save killed while it writes leaves every item old or every item new', async () => {
    server ??= await start({ dataDir }, scratch.dir, adminPassword);
    const { dictId, items } = await bigDictionary(server, 'fault_kill_lite');
    // the kill lands half way through a save as long as a first one took
    const began = performance.now();
    expect((await saveItems(server, dictId, renamed(items, 'a'))).body).toMatchObject({ success: true });
    const took = performance.now() - began;
    const cut = saveItems(server, dictId, renamed(items, 'b')).catch((e: Error) => e);
    await sleep(took / 2);
    await kill9(server);
    await cut;

    server = await start({ dataDir }, scratch.dir, adminPassword);
    const values = await itemValues(server, dictId);
    expect([allNamed(items, 'a'), allNamed(items, 'b')]).toContainEqual(values);
    expect((await saveItems(server, dictId, renamed(items, 'c'))).body).toMatchObject({ success: true });
    expect(await itemValues(server, dictId)).toEqual(allNamed(items, 'c'));
  });
});

/** The shared PostgreSQL server: a scratch database of our own on it, dropped afterwards. */
const SHARED_URL =
  process.env.FAULT_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const sharedUp = await reachable(SHARED_URL);

describe.skipIf(skipOutsideCI(sharedUp))('kill -9 on PostgreSQL', () => {
  let database: ServerDatabase | undefined;
  let server: Server | undefined;
  let scratch: ReturnType<typeof scratchDir> | undefined;
  beforeAll(async () => {
    if (!sharedUp) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set FAULT_DATABASE_URL)`);
    scratch = scratchDir('care-fault-kill-pg-');
    database = await serverDatabase({ serverUrl: SHARED_URL, prefix: 'fault_kill' }, scratch.dir);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    scratch?.remove();
  });

  it('an import and a batch save killed mid-transaction leave nothing behind, and both succeed after a restart', async () => {
    server = await start({ databaseUrl: database!.url }, scratch!.dir, database!.adminPassword);
    const { dictId, items } = await bigDictionary(server, 'fault_kill_pg');

    // Hold both transactions half way: an uncommitted row with the code of the file's middle row
    // stops the import's insert there (unique index), a locked item stops the batch there.
    const middle = importRows('faultkill')[ROWS / 2]![0]!;
    const locker = new pg.Client({ connectionString: database!.url });
    locker.on('error', () => undefined); // ended by the database drop when the test fails early
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`INSERT INTO sys_position (id, code, name) VALUES ('fault-lock', $1, '锁')`, [middle]);
    await locker.query('SELECT 1 FROM sys_dict_item WHERE id = $1 FOR UPDATE', [items[ITEMS / 2]!.id]);
    const cutImport = postImport(server, 'faultkill');
    const cutSave = saveItems(server, dictId, renamed(items, 'b')).catch((e: Error) => e);
    await awaitLockWaiters(database!.url, 2, true);
    await kill9(server);
    await locker.query('ROLLBACK');
    await locker.end();
    expect(await cutImport).toBeInstanceOf(Error);
    expect(await cutSave).toBeInstanceOf(Error);

    server = await start({ databaseUrl: database!.url }, scratch!.dir, database!.adminPassword);
    expect(await importedCount(server, 'faultkill')).toBe(0);
    expect(await itemValues(server, dictId)).toEqual(items.map((i) => `${i.itemText}=${i.itemValue}`));
    expect(await postImport(server, 'faultkill')).toMatchObject({ body: imported });
    expect(await importedCount(server, 'faultkill')).toBe(ROWS);
    expect((await saveItems(server, dictId, renamed(items, 'c'))).body).toMatchObject({ success: true });
    expect(await itemValues(server, dictId)).toEqual(allNamed(items, 'c'));
  });
});

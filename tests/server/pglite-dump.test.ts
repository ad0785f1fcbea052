import { afterAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { withoutEntries } from '../../src/server/db/data-dir-tar.ts';
import { spareWorkers } from '../../src/server/db/pglite-proxy.ts';
import { freshDatabase } from '../support/database.ts';

/**
 * A dumped PGlite data directory (the test template, tests/support/database.ts) holds one WAL
 * segment, the checkpoint's, and a database loaded from it has everything written before the dump.
 */
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

const names = (tar: Uint8Array) => {
  const found: string[] = [];
  // the trimming walk keeps what `drop` refuses: ask it for every name
  withoutEntries(tar, (name) => (found.push(name), false));
  return found;
};

test('the dump keeps only the WAL segment of the redo point, and loads back whole', async () => {
  const source = await freshDatabase();
  opened.push(source);
  await source.rawQuery('CREATE TABLE dump_probe (v text)', []);
  await source.rawQuery("INSERT INTO dump_probe VALUES ('after the template')", []);
  // (the seed wrote more than one segment's worth of WAL: finished and recycled segments exist)
  const tar = await source.dumpDataDir!();
  const segments = names(tar).filter((n) => /pg_wal\/[0-9A-F]{24}$/.test(n));
  expect(segments).toHaveLength(1);
  expect(names(tar).some((n) => n.endsWith('PG_VERSION'))).toBe(true);

  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'care-dump-')), 'data.tar');
  fs.writeFileSync(file, tar);
  try {
    const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: file });
    opened.push(copy);
    expect((await copy.rawQuery('SELECT v FROM dump_probe', [])).rows).toEqual([{ v: 'after the template' }]);
    expect((await copy.rawQuery('SELECT count(*)::int AS n FROM sys_user', [])).rows).toEqual(
      (await source.rawQuery('SELECT count(*)::int AS n FROM sys_user', [])).rows,
    );
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

test('a tar written anew at the same path loads its new contents, in the worker that loaded the old', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const source = await freshDatabase();
  opened.push(source);
  await source.rawQuery('CREATE TABLE reload_probe (v text)', []);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'care-dump-')), 'data.tar');
  const valuesAfterLoad = async (value: string) => {
    await source.rawQuery('INSERT INTO reload_probe VALUES ($1)', [value]);
    fs.writeFileSync(file, await source.dumpDataDir!());
    const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: file });
    try {
      return (await copy.rawQuery('SELECT v FROM reload_probe ORDER BY v', [])).rows;
    } finally {
      // its worker waits as a spare, and is the one the next open takes
      await copy.close();
    }
  };
  try {
    expect(await valuesAfterLoad('a')).toEqual([{ v: 'a' }]);
    expect(spareWorkers()).toBeGreaterThan(0);
    expect(await valuesAfterLoad('b')).toEqual([{ v: 'a' }, { v: 'b' }]);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

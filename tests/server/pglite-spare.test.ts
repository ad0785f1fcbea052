import { expect, test } from 'vitest';
import { spareWorkers } from '../../src/server/db/pglite-proxy.ts';
import { freshDatabase } from '../support/database.ts';

/**
 * A PGlite worker whose engine closed is handed to the next database the process opens (a test
 * worker opens one per suite): the next engine starts from its own data, with nothing of the last
 * one's tables, listeners or transactions.
 */
test('a database opened on a spare worker starts clean and hears only its own notifications', async () => {
  const first = await freshDatabase();
  await first.rawQuery('CREATE TABLE spare_probe (v text)', []);
  const heardByFirst: string[] = [];
  await first.notifications.listen('spare_probe', (p) => heardByFirst.push(p));
  await first.rawQuery('BEGIN', []);
  await first.rawQuery("INSERT INTO spare_probe VALUES ('left open')", []);
  await first.close();
  const spares = spareWorkers();
  expect(spares).toBeGreaterThan(0);

  const second = await freshDatabase();
  try {
    // it took the spare
    expect(spareWorkers()).toBe(spares - 1);
    const { rows } = await second.rawQuery("SELECT to_regclass('spare_probe') AS t", []);
    expect(rows).toEqual([{ t: null }]);
    // seeded as every suite's copy is
    const users = await second.rawQuery(
      "SELECT count(*)::int AS n FROM sys_user WHERE username = 'admin'",
      [],
    );
    expect(users.rows).toEqual([{ n: 1 }]);
    const heard: string[] = [];
    const stop = await second.notifications.listen('spare_probe', (p) => heard.push(p));
    await second.notifications.notify('spare_probe', 'second');
    await expect.poll(() => heard).toEqual(['second']);
    expect(heardByFirst).toEqual([]);
    await stop();
  } finally {
    await second.close();
  }
});

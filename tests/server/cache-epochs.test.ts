import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { CacheEpochs } from '../../src/server/lib/access/cache-epochs.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';
import { reachable, skipOutsideCI } from '../support/private-postgres.ts';

/**
 * Every API request on PostgreSQL first reads the cache counters (issue #14). Requests arriving
 * together share one read, yet none is answered by a read sent before it arrived: a change
 * committed before a request is always seen by it.
 */

const SHARED_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const up = await reachable(SHARED_URL);

describe.skipIf(skipOutsideCI(up))('CacheEpochs.sync on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    if (!up) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set TEST_DATABASE_URL)`);
    database = await freshDatabase(SHARED_URL, 'epochs');
  });
  afterAll(async () => database?.close());

  /** The database seen through a counter of the reads sent, whose answers can be held back. */
  function watched() {
    const state = { reads: 0, hold: null as Promise<void> | null };
    const wrapped: Database = {
      ...database,
      rawQuery: async (text, params) => {
        state.reads++;
        const answer = await database.rawQuery(text, params);
        if (state.hold) await state.hold;
        return answer;
      },
    };
    return { state, epochs: new CacheEpochs(wrapped) };
  }
  const bump = () => database.rawQuery('UPDATE care_cache_epoch SET auth = auth + 1 WHERE id = 1', []);

  it('requests arriving together share one read of the counters', async () => {
    const { state, epochs } = watched();
    await epochs.sync();
    state.reads = 0;
    await Promise.all(Array.from({ length: 50 }, () => epochs.sync()));
    // the read under way when they arrived may predate some of them: one more read serves them all
    expect(state.reads).toBeLessThanOrEqual(2);
    expect(state.reads).toBeGreaterThanOrEqual(1);
  });

  it('a request never takes the answer of a read sent before it arrived', async () => {
    const { state, epochs } = watched();
    await epochs.sync();
    const drops = epochs.drops.auth;
    let release!: () => void;
    state.hold = new Promise<void>((r) => (release = r));
    // a read is sent and answered, but its answer is still on its way back
    const early = epochs.sync();
    await expect.poll(() => state.reads).toBe(2);
    // another session revokes a grant, and then a request arrives
    await bump();
    const late = epochs.sync();
    state.hold = null;
    release();
    await Promise.all([early, late]);
    expect(epochs.drops.auth).toBe(drops + 1);
    expect(state.reads).toBe(3);
  });

  it('a failed read fails the requests waiting on it, and the next request reads again', async () => {
    let fail = true;
    let reads = 0;
    const flaky = new CacheEpochs({
      ...database,
      rawQuery: async (text, params) => {
        reads++;
        if (fail) throw new Error('connection lost');
        return database.rawQuery(text, params);
      },
    });
    await expect(Promise.all([flaky.sync(), flaky.sync(), flaky.sync()])).rejects.toThrow('connection lost');
    fail = false;
    await flaky.sync();
    expect(reads).toBeGreaterThanOrEqual(2);
    // the first counters it ever read: everything cached before is dropped
    expect(flaky.drops.auth).toBe(1);
  });
});

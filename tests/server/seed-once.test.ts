import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { sysPosition, sysRolePermission, sysSeedLedger, sysUser } from '../../src/server/db/schema/index.ts';
import { SEED_VERSION, seed } from '../../src/server/db/seed/index.ts';
import { verifyPassword } from '../../src/server/lib/access/password.ts';
import { setPassword } from '../../src/server/repos/user-write.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/** Seed data is applied once per seed version (PGlite here, PostgreSQL with TEST_DATABASE_URL). */
let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase(process.env.TEST_DATABASE_URL, 'seed');
});
afterAll(async () => database?.close());

const count = async (table: typeof sysPosition | typeof sysRolePermission) =>
  (await database.db.select().from(table)).length;

/**
 * A migrated database as a first start finds it: freshDatabase seeded it with the test password,
 * so the ledger, roles, grants, users and positions are emptied again (no roles and no ledger is
 * what a fresh install looks like to the seed).
 */
async function unseededDatabase(prefix: string): Promise<TestDatabase> {
  const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, prefix);
  await fresh.db.delete(sysSeedLedger);
  await fresh.db.delete(sysRolePermission);
  await fresh.db.delete(sysUser);
  await fresh.db.delete(sysPosition);
  await fresh.rawQuery('DELETE FROM sys_role', []);
  return fresh;
}

describe('seed once', () => {
  it('does not bring back deleted positions and revoked grants on the next start', async () => {
    expect(await count(sysPosition)).toBe(4);
    expect(await count(sysRolePermission)).toBeGreaterThan(100);
    await database.db.delete(sysPosition);
    await database.db.delete(sysRolePermission);
    const again = await seed(database.db, { uploadDir: database.uploadDir });
    expect(again).toEqual({ applied: false, createdUsers: [] });
    expect(await count(sysPosition)).toBe(0);
    expect(await count(sysRolePermission)).toBe(0);
  });

  it('records every applied row in the ledger at the current version', async () => {
    const keys = await database.db.select().from(sysSeedLedger);
    expect(keys.every((k) => k.version === SEED_VERSION)).toBe(true);
    const names = new Set(keys.map((k) => k.key));
    for (const key of ['user:admin', 'position:manager', 'role:admin', 'dict:sex', 'tenant:1'])
      expect(names).toContain(key);
  });

  it('a new seed version adds only rows whose keys were never applied', async () => {
    // as if this database were seeded by an older version, and 'position:operator' were new data
    await database.db.update(sysSeedLedger).set({ version: SEED_VERSION - 1 });
    await database.db.delete(sysSeedLedger).where(eq(sysSeedLedger.key, 'position:operator'));
    const outcome = await seed(database.db, { uploadDir: database.uploadDir });
    expect(outcome.applied).toBe(true);
    expect(outcome.createdUsers).toEqual([]);
    const codes = (await database.db.select().from(sysPosition)).map((p) => p.code);
    expect(codes).toEqual(['operator']);
    // the grants revoked before stay revoked, the accounts keep their passwords
    expect(await count(sysRolePermission)).toBe(0);
    expect((await seed(database.db, { uploadDir: database.uploadDir })).applied).toBe(false);
  });

  it('adopts a database seeded before the ledger existed without restoring what it lacks', async () => {
    await database.db.delete(sysSeedLedger);
    await database.db.delete(sysUser).where(like(sysUser.username, 'yuangong'));
    // that older seed gave every account the published 123456: caiwu has changed theirs since
    const [caiwu] = await database.db.select().from(sysUser).where(eq(sysUser.username, 'caiwu'));
    await setPassword(database.db, caiwu!.id, 'Own-Choice-1', 'caiwu', { mustChange: false });
    const outcome = await seed(database.db, { uploadDir: database.uploadDir });
    expect(outcome.applied).toBe(true);
    expect(await database.db.select().from(sysUser).where(eq(sysUser.username, 'yuangong'))).toEqual([]);
    expect((await database.db.select().from(sysSeedLedger)).length).toBeGreaterThan(100);
    // no account keeps the published password: those still on it get a one-time random one
    expect(outcome.createdUsers.map((u) => u.username).sort()).toEqual(['admin', 'yunying']);
    for (const { username, password } of outcome.createdUsers) {
      const [row] = await database.db.select().from(sysUser).where(eq(sysUser.username, username));
      expect((await verifyPassword(row!, '123456')).ok, username).toBe(false);
      expect((await verifyPassword(row!, password)).ok, username).toBe(true);
      expect(row!.mustChangePassword, username).toBe(true);
    }
    const [kept] = await database.db.select().from(sysUser).where(eq(sysUser.username, 'caiwu'));
    expect((await verifyPassword(kept!, 'Own-Choice-1')).ok).toBe(true);
  });

  it('applies nothing of a first seed that fails half way, so the next start seeds fully', async () => {
    const fresh = await unseededDatabase('seedtx');
    try {
      const failing = seed(fresh.db, {
        uploadDir: fresh.uploadDir,
        password: (u) => {
          if (u === 'caiwu') throw new Error('stopped half way');
          return undefined;
        },
      });
      await expect(failing).rejects.toThrow('stopped half way');
      expect((await fresh.rawQuery('SELECT count(*)::int AS n FROM sys_role', [])).rows).toEqual([{ n: 0 }]);
      expect(await fresh.db.select().from(sysSeedLedger)).toEqual([]);
      const next = await seed(fresh.db, { uploadDir: fresh.uploadDir });
      expect(next.createdUsers.map((u) => u.username).sort()).toEqual([
        'admin',
        'caiwu',
        'yuangong',
        'yunying',
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('first seed', () => {
  it('gives every seeded account its own random password unless one is chosen', async () => {
    const fresh = await unseededDatabase('seedpw');
    try {
      const outcome = await seed(fresh.db, {
        uploadDir: fresh.uploadDir,
        password: (u) => (u === 'admin' ? 'From-Env-1' : undefined),
      });
      const byName = Object.fromEntries(outcome.createdUsers.map((u) => [u.username, u.password]));
      expect(Object.keys(byName).sort()).toEqual(['admin', 'caiwu', 'yuangong', 'yunying']);
      expect(byName.admin).toBe('From-Env-1');
      for (const u of ['caiwu', 'yuangong', 'yunying']) expect(byName[u]).toMatch(/^[\w-]{16}$/);
      expect(new Set(Object.values(byName)).size).toBe(4);
      const stored = await fresh.db.select().from(sysUser);
      for (const row of stored) {
        expect(row.password.startsWith('$argon2id$')).toBe(true);
        expect(row.password).not.toContain(byName[row.username]!);
      }
    } finally {
      await fresh.close();
    }
  });
});

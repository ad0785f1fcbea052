import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  point,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/*
 * Operations data of the business (/yy/*): platform settings and their change log, app versions,
 * fare rules, customers and their addresses, banners and goods. Money is numeric (read as text),
 * never a float.
 */

/** yy_platform_config: one row per setting of the shared catalogue (src/shared/resources/platform-config.ts). */
export const yyPlatformConfig = pgTable('yy_platform_config', {
  id: idColumn(),
  configKey: varchar('config_key', { length: 64 }).notNull().unique('uq_yy_platform_config_key'),
  name: varchar('name', { length: 50 }).notNull(),
  groupName: varchar('group_name', { length: 20 }),
  /** number | money | percent | switch | text */
  valueType: varchar('value_type', { length: 10 }).notNull(),
  value: varchar('value', { length: 500 }).notNull(),
  defaultValue: varchar('default_value', { length: 500 }).notNull(),
  unit: varchar('unit', { length: 10 }),
  description: varchar('description', { length: 255 }),
  sortNo: integer('sort_no').notNull().default(0),
  ...auditColumns(),
});

/**
 * yy_platform_config_log: every change of a setting's value (who, old, new, when), written by a
 * trigger in the same statement as the change (migration 0006), whoever makes it.
 */
export const yyPlatformConfigLog = pgTable(
  'yy_platform_config_log',
  {
    /** 32 hex, as every id (the trigger inserts without one) */
    id: varchar('id', { length: 32 })
      .primaryKey()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    configId: varchar('config_id', { length: 32 }).notNull(),
    configKey: varchar('config_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    oldValue: varchar('old_value', { length: 500 }),
    newValue: varchar('new_value', { length: 500 }),
    changedBy: varchar('changed_by', { length: 32 }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_yy_platform_config_log_key').on(t.configKey, t.changedAt)],
);

/**
 * yy_app_version: the apps' releases. `is_latest` is kept by a trigger (migration 0006): per app and
 * platform, exactly the published version with the highest code.
 */
export const yyAppVersion = pgTable(
  'yy_app_version',
  {
    id: idColumn(),
    /** customer | technician */
    app: varchar('app', { length: 16 }).notNull(),
    /** android | ios */
    platform: varchar('platform', { length: 16 }).notNull(),
    versionName: varchar('version_name', { length: 20 }).notNull(),
    versionCode: integer('version_code').notNull(),
    downloadUrl: varchar('download_url', { length: 500 }).notNull(),
    forceUpdate: boolean('force_update').notNull().default(false),
    notes: varchar('notes', { length: 2000 }),
    published: boolean('published').notNull().default(false),
    isLatest: boolean('is_latest').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_app_version_code').on(t.app, t.platform, t.versionCode),
    uniqueIndex('uq_yy_app_version_latest')
      .on(t.app, t.platform)
      .where(sql`is_latest`),
  ],
);

/** yy_fare: travel fare of a city in a time window (day / night). */
export const yyFare = pgTable(
  'yy_fare',
  {
    id: idColumn(),
    /** 区划 code of the city */
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    /** day | night */
    period: varchar('period', { length: 8 }).notNull(),
    /** HH:mm; a window whose end is not after its start runs over midnight */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    freeKm: numeric('free_km', { precision: 6, scale: 2 }).notNull(),
    baseFare: numeric('base_fare', { precision: 15, scale: 2 }).notNull(),
    pricePerKm: numeric('price_per_km', { precision: 15, scale: 2 }).notNull(),
    minFare: numeric('min_fare', { precision: 15, scale: 2 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uq_yy_fare_city_period').on(t.cityCode, t.period)],
);

/** yy_user: customers of the apps (not console accounts). */
export const yyUser = pgTable(
  'yy_user',
  {
    id: idColumn(),
    nickname: varchar('nickname', { length: 50 }).notNull(),
    realName: varchar('real_name', { length: 50 }),
    mobile: varchar('mobile', { length: 11 }).notNull().unique('uq_yy_user_mobile'),
    sex: varchar('sex', { length: 2 }),
    avatar: varchar('avatar', { length: 500 }),
    memberLevel: varchar('member_level', { length: 2 }).notNull().default('1'),
    /** kept by payments and refunds, never written by this screen */
    balance: numeric('balance', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 1 正常, 2 冻结 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    registerTime: timestamp('register_time', { withTimezone: true }).notNull().defaultNow(),
    source: varchar('source', { length: 2 }),
    /** a blacklisted customer cannot book (上门订单 refuses with the reason) */
    blacklisted: boolean('blacklisted').notNull().default(false),
    blacklistReason: varchar('blacklist_reason', { length: 255 }),
    /** owning tenant (sys_tenant.id): src/server/lib/access/tenant-scope.ts */
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_user_register_time').on(t.registerTime),
    index('idx_yy_user_tenant_id').on(t.tenantId),
  ],
);

/** yy_user_address: a customer's service addresses; at most one default per customer. */
export const yyUserAddress = pgTable(
  'yy_user_address',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => yyUser.id, { onDelete: 'cascade' }),
    contact: varchar('contact', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    areaCode: varchar('area_code', { length: 12 }).notNull(),
    detail: varchar('detail', { length: 200 }).notNull(),
    /** x longitude, y latitude */
    location: point('location', { mode: 'xy' }),
    isDefault: boolean('is_default').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_user_address_user').on(t.userId),
    uniqueIndex('uq_yy_user_address_default')
      .on(t.userId)
      .where(sql`is_default`),
  ],
);

/** yy_images: banners of the apps. */
export const yyImages = pgTable(
  'yy_images',
  {
    id: idColumn(),
    title: varchar('title', { length: 50 }).notNull(),
    image: varchar('image', { length: 500 }).notNull(),
    position: varchar('position', { length: 2 }).notNull(),
    /** none | project | url */
    linkType: varchar('link_type', { length: 10 }).notNull().default('none'),
    linkTarget: varchar('link_target', { length: 500 }),
    sortNo: integer('sort_no').notNull().default(0),
    /** 1 启用, 0 禁用 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [index('idx_yy_images_position').on(t.position, t.sortNo)],
);

/** yy_goods: the materials mall's goods. */
export const yyGoods = pgTable(
  'yy_goods',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    category: varchar('category', { length: 2 }).notNull(),
    spec: varchar('spec', { length: 100 }),
    price: numeric('price', { precision: 15, scale: 2 }).notNull(),
    stock: integer('stock').notNull().default(0),
    /** comma-joined stored paths, in display order */
    images: text('images'),
    /** 1 上架, 0 下架 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    /** owning tenant (sys_tenant.id): src/server/lib/access/tenant-scope.ts */
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_goods_tenant_id').on(t.tenantId),
    // a purchase takes stock with `stock = stock - n where stock >= n`: never below zero
    check('ck_yy_goods_stock', sql`${t.stock} >= 0`),
  ],
);

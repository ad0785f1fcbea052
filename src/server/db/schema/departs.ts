import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** sys_depart: the organisation tree; org_code encodes the path (A01, A01A02, …). */
export const sysDepart = pgTable(
  'sys_depart',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 32 }),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 500 }),
    departNameAbbr: varchar('depart_name_abbr', { length: 500 }),
    departOrder: integer('depart_order').default(0),
    description: varchar('description', { length: 500 }),
    orgCategory: varchar('org_category', { length: 10 }).notNull().default('1'),
    orgType: varchar('org_type', { length: 10 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    status: varchar('status', { length: 1 }),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_depart_org_code').on(t.orgCode), index('idx_sd_parent_id').on(t.parentId)],
);

export const sysUserDepart = pgTable(
  'sys_user_depart',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    depId: varchar('dep_id', { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_depart').on(t.userId, t.depId), index('idx_sud_dep_id').on(t.depId)],
);

import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

export const sysDict = pgTable(
  'sys_dict',
  {
    id: idColumn(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: smallint('del_flag').notNull().default(0),
    type: smallint('type').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_dict_code').on(t.dictCode)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: idColumn(),
    dictId: varchar('dict_id', { length: 32 }).notNull(),
    itemText: varchar('item_text', { length: 100 }).notNull(),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    itemColor: varchar('item_color', { length: 10 }),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').default(0),
    status: smallint('status').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_dict_item').on(t.dictId, t.itemValue), index('idx_sdi_dict_id').on(t.dictId)],
);

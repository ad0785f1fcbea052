import { text, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/**
 * A terminal script a user saved (保存的脚本): owned by `create_by` (the account that saved it),
 * its name unique per owner. Its schedule is a sys_quartz_job row of class `care.scripts.S<id>`.
 */
export const careSavedScript = pgTable(
  'care_saved_script',
  {
    id: idColumn(),
    name: varchar('name', { length: 40 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    script: text('script').notNull(),
    params: varchar('params', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_care_saved_script_owner_name').on(t.createBy, t.name)],
);

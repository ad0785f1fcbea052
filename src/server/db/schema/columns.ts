import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** 32-hex ids, as JeecgBoot's UUID ids (string on the wire). */
export const idColumn = () => varchar('id', { length: 32 }).primaryKey();

/** JeecgBoot audit columns (create_by/create_time/update_by/update_time). */
export const auditColumns = () => ({
  createBy: varchar('create_by', { length: 32 }),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
  updateBy: varchar('update_by', { length: 32 }),
  updateTime: timestamp('update_time', { withTimezone: true }),
});

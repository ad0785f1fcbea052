import { pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * sys_idempotency_key: the `Idempotency-Key` of every generated add that sent one, written in the
 * add's transaction, so a retried request (same resource, same key) posts once.
 */
export const sysIdempotencyKey = pgTable(
  'sys_idempotency_key',
  {
    /** the resource's declared name */
    resource: varchar('resource', { length: 64 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    /** the row the first request added */
    rowId: varchar('row_id', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.key] })],
);

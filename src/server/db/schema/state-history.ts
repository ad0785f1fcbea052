import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns.ts';

/**
 * sys_state_history: every declared state change of every resource (src/shared/resources/
 * transitions.ts), one row per row changed: which resource and row, the action, from and to, the
 * reason, who and when. Append-only: the database refuses UPDATE and DELETE of it.
 */
export const sysStateHistory = pgTable(
  'sys_state_history',
  {
    id: idColumn(),
    /** the resource's declared name (`partner`) */
    resource: varchar('resource', { length: 64 }).notNull(),
    rowId: varchar('row_id', { length: 64 }).notNull(),
    /** the declared action (`approve`) */
    action: varchar('action', { length: 64 }).notNull(),
    fromState: varchar('from_state', { length: 32 }).notNull(),
    toState: varchar('to_state', { length: 32 }).notNull(),
    reason: varchar('reason', { length: 255 }),
    changedBy: varchar('changed_by', { length: 64 }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_sys_state_history_row').on(t.resource, t.rowId, t.changedAt)],
);

import { index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** sys_log: login (1) and operation (2) logs. */
export const sysLog = pgTable(
  'sys_log',
  {
    id: idColumn(),
    logType: smallint('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }),
    operateType: smallint('operate_type'),
    userid: varchar('userid', { length: 32 }),
    username: varchar('username', { length: 100 }),
    ip: varchar('ip', { length: 100 }),
    method: varchar('method', { length: 500 }),
    requestUrl: varchar('request_url', { length: 255 }),
    requestParam: text('request_param'),
    requestType: varchar('request_type', { length: 10 }),
    costTime: integer('cost_time'),
    ...auditColumns(),
  },
  (t) => [index('idx_sys_log_type_time').on(t.logType, t.createTime)],
);

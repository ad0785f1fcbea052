import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** Files uploaded through /sys/common/upload: only recorded files are ever served back. */
export const sysUpload = pgTable(
  'sys_upload',
  {
    id: idColumn(),
    /** the stored path returned to the client (`<biz>/<generated name>`) */
    path: varchar('path', { length: 500 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ...auditColumns(),
  },
  (t) => [index('idx_sys_upload_path').on(t.path)],
);

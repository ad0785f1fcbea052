import { text, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/**
 * care_app_setting: what the database must know of the application's configuration, written by
 * every instance at its start (`src/server/db/app-settings.ts`). `app_timezone` is APP_TIMEZONE,
 * the zone the views read local months in (`yy_app_timezone()`), so they and the endpoints agree.
 */
export const careAppSetting = pgTable('care_app_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the database must know of the configuration (care_app_setting), written by every instance
 * at its start: `app_timezone` (APP_TIMEZONE), which the views' `yy_app_timezone()` reads, so
 * local months in views and endpoints come from the one configuration. Instances sharing a
 * database must share APP_TIMEZONE (the last one started wins).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { careAppSetting } from './schema/index.ts';

export async function writeAppSettings(db: Db, settings: { timezone: string }): Promise<void> {
  await db
    .insert(careAppSetting)
    .values({ key: 'app_timezone', value: settings.timezone })
    .onConflictDoUpdate({
      target: careAppSetting.key,
      set: { value: settings.timezone, updateTime: sql`now()` },
      setWhere: sql`${careAppSetting.value} is distinct from excluded.value`,
    });
}

import { eq } from 'drizzle-orm';
import { SETTING_BY_KEY } from '../../shared/resources/platform-config.ts';
import type { Db } from '../db/client.ts';
import { yyPlatformConfig } from '../db/schema/index.ts';

/** A platform setting's current value (平台配置), else its catalogue default. */
export async function settingValue(db: Db, key: string): Promise<string> {
  const def = SETTING_BY_KEY.get(key);
  if (!def) throw new Error(`unknown setting ${key}`);
  const [row] = await db
    .select({ value: yyPlatformConfig.value })
    .from(yyPlatformConfig)
    .where(eq(yyPlatformConfig.configKey, key));
  return row?.value ?? def.default;
}

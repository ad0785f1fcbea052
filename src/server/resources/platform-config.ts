import {
  PLATFORM_CONFIG,
  PLATFORM_CONFIG_LOG,
  SETTING_BY_KEY,
  SETTING_MSG,
  checkSettingValue,
} from '../../shared/resources/platform-config.ts';
import { yyPlatformConfig, yyPlatformConfigLog } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

/**
 * 平台配置: the generated list, edit and export. An edit changes the value only, checked by the
 * setting's type and bounds (the shared catalogue); the database logs the change.
 */
export const platformConfigServer: ServerResource = {
  resource: PLATFORM_CONFIG,
  table: yyPlatformConfig,
  hooks: {
    beforeSave({ data, original }) {
      if (data.value === undefined) return;
      const def = SETTING_BY_KEY.get(String(original?.configKey ?? ''));
      if (!def) throw new BizError(SETTING_MSG.unknown);
      const checked = checkSettingValue(def, data.value);
      if (!checked.ok) throw new BizError(checked.message);
      data.value = checked.value;
    },
  },
};

/** 配置变更记录: read only (the trigger of migration 0007 writes it). */
export const platformConfigLogServer: ServerResource = {
  resource: PLATFORM_CONFIG_LOG,
  table: yyPlatformConfigLog,
};

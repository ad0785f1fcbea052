import { and, desc, eq, ne } from 'drizzle-orm';
import {
  APPS,
  APP_VERSION,
  APP_VERSION_LATEST,
  APP_VERSION_MSG,
  PLATFORMS,
} from '../../shared/resources/app-version.ts';
import { yyAppVersion } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { oneParam } from '../lib/http/validate.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | string[] | undefined>;

/**
 * 版本: the generated family; a version code is taken once per app and platform; which version is
 * the latest the database decides (published, highest code), and `latest` answers it.
 */
export const appVersionServer: ServerResource = {
  resource: APP_VERSION,
  table: yyAppVersion,
  hooks: {
    async beforeSave({ db, data, original }) {
      const code = data.versionCode ?? original?.versionCode;
      if (typeof code === 'number' && (code < 1 || code > 999_999_999))
        throw new BizError(APP_VERSION_MSG.codeRange);
      // the code is taken per app and platform: any of the three sent may make a clash
      if (data.versionCode === undefined && data.app === undefined && data.platform === undefined) return;
      const app = String(data.app ?? original?.app);
      const platform = String(data.platform ?? original?.platform);
      const [taken] = await db
        .select({ id: yyAppVersion.id })
        .from(yyAppVersion)
        .where(
          and(
            eq(yyAppVersion.app, app),
            eq(yyAppVersion.platform, platform),
            eq(yyAppVersion.versionCode, Number(data.versionCode ?? original?.versionCode)),
            original ? ne(yyAppVersion.id, String(original.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw new BizError(APP_VERSION_MSG.codeTaken);
    },
  },
  routes(app, gen) {
    app.get<{ Querystring: Q }>(
      APP_VERSION_LATEST.path,
      { config: { perm: APP_VERSION_LATEST.permission } },
      async (req) => {
        const which = oneParam(req.query, 'app') ?? '';
        const platform = oneParam(req.query, 'platform') ?? '';
        if (!APPS.some((a) => a.value === which)) throw new BizError('应用取值无效');
        if (!PLATFORMS.some((p) => p.value === platform)) throw new BizError('平台取值无效');
        const [row] = await app.db
          .select()
          .from(yyAppVersion)
          .where(
            and(
              eq(yyAppVersion.app, which),
              eq(yyAppVersion.platform, platform),
              eq(yyAppVersion.isLatest, true),
            ),
          )
          .orderBy(desc(yyAppVersion.versionCode))
          .limit(1);
        if (!row) throw new BizError(APP_VERSION_MSG.noLatest);
        return ok(gen.toJson(row, app.config.timezone));
      },
    );
  },
};

import { eq } from 'drizzle-orm';
import { BANNER, BANNER_MSG } from '../../shared/resources/banner.ts';
import { FORM_RULES } from '../../shared/validation.ts';
import { yyImages, yyProject } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { BizError } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';
import { valueAfter } from './types.ts';

/** Whether a service project exists. */
async function projectExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: yyProject.id }).from(yyProject).where(eq(yyProject.id, id)).limit(1);
  return !!row;
}

/**
 * 轮播图: the generated family; the link target must suit the link type (none: cleared, url: an
 * http/https address, project: an existing service project); enabled and disabled by its declared
 * actions (enable, forbid, and forbiddenImage by value or as a toggle).
 */
export const bannerServer: ServerResource = {
  resource: BANNER,
  table: yyImages,
  hooks: {
    async beforeSave({ db, data, original }) {
      if (typeof data.sortNo === 'number' && (data.sortNo < 0 || data.sortNo > 9999))
        throw new BizError(BANNER_MSG.sort);
      if (data.sortNo === null) data.sortNo = 0;
      if (data.linkType === undefined && data.linkTarget === undefined) return;
      const type = String(valueAfter(data, original, 'linkType') ?? 'none');
      const target = valueAfter(data, original, 'linkTarget') as string | null;
      if (type === 'none') {
        data.linkTarget = null;
        return;
      }
      if (!target)
        throw new BizError(type === 'project' ? BANNER_MSG.projectRequired : BANNER_MSG.targetRequired);
      if (type === 'url' && !FORM_RULES.httpUrl.pattern.test(target)) throw new BizError(BANNER_MSG.url);
      if (type === 'project' && !(await projectExists(db, target))) throw new BizError(BANNER_MSG.project);
    },
  },
};

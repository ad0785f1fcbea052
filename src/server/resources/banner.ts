import { and, eq } from 'drizzle-orm';
import { rowReach } from '../lib/row-scope.ts';
import { z } from 'zod';
import { BANNER, BANNER_FORBID, BANNER_MSG } from '../../shared/resources/banner.ts';
import { FORM_RULES } from '../../shared/validation.ts';
import { yyImages, yyProject } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { BizError, okMessage } from '../lib/result.ts';
import { parseWith } from '../lib/validate.ts';
import { caller } from '../plugins/auth.ts';
import type { ServerResource } from './register.ts';

/** Whether a service project exists. */
async function projectExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: yyProject.id }).from(yyProject).where(eq(yyProject.id, id)).limit(1);
  return !!row;
}

const forbidBody = z.object({
  id: z.string({ error: BANNER.notFound }).trim().min(1, BANNER.notFound),
  status: z.enum(['0', '1'], { error: BANNER_MSG.status }).optional(),
});

/**
 * 轮播图: the generated family; the link target must suit the link type (none: cleared, url: an
 * http/https address, project: an existing service project); forbiddenImage enables or disables.
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
      const type = String(data.linkType ?? original?.linkType ?? 'none');
      const target = (data.linkTarget !== undefined ? data.linkTarget : original?.linkTarget) as
        string | null;
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
  routes(app) {
    app.post(BANNER_FORBID.path, { config: { perm: BANNER_FORBID.permission } }, async (req) => {
      const { id, status } = parseWith(forbidBody, req.body ?? {});
      // a banner out of the caller's reach (data rules) is not there for them
      const reach = await rowReach(req, bannerServer);
      const [row] = await app.db
        .select()
        .from(yyImages)
        .where(and(eq(yyImages.id, id), reach))
        .limit(1);
      if (!row) throw new BizError(BANNER.notFound);
      const next = status ?? (row.status === '1' ? '0' : '1');
      await app.db
        .update(yyImages)
        .set({ status: next, updateBy: caller(req).user.username, updateTime: new Date() })
        .where(and(eq(yyImages.id, id), reach));
      return okMessage(next === '1' ? BANNER_MSG.enabled : BANNER_MSG.disabled);
    });
  },
};

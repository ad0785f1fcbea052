import { eq } from 'drizzle-orm';
import { POSITION, POSITION_QUERY_BY_CODE } from '../../shared/resources/position.ts';
import { route } from '../lib/http/route.ts';
import { sysPosition } from '../db/schema/index.ts';
import { BizError, bare } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | undefined>;

/** 职务: the generated family plus JeecgBoot's queryByCode. Deletes are physical, as JeecgBoot's. */
export const positionServer: ServerResource = {
  resource: POSITION,
  table: sysPosition,
  routes(app, gen) {
    /** As JeecgBoot: success with `result: null` when no position has the code. */
    route<{ Querystring: Q }>(app, POSITION_QUERY_BY_CODE, async (req) => {
      const code = typeof req.query.code === 'string' ? req.query.code.trim() : '';
      if (!code) throw new BizError('请输入职务编码');
      const [row] = await app.db.select().from(sysPosition).where(eq(sysPosition.code, code)).limit(1);
      return bare(row ? gen.toJson(row, app.config.timezone) : null);
    });
  },
};

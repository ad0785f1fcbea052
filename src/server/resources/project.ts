import { and, asc, eq } from 'drizzle-orm';
import { PROJECT, PROJECT_MAP, PROJECT_MSG } from '../../shared/resources/project.ts';
import { yyProject } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

const fen = (v: unknown) => (typeof v === 'string' ? Math.round(Number(v) * 100) : undefined);

/**
 * 服务项目: the generated family; durations of 1–1440 minutes, prices never negative and a list
 * price not below the price; projects on sale are the ones technicians may open (getProjectMap);
 * a project some technician offers or a banner links to is not deleted (the references' guard,
 * declared on their fields).
 */
export const projectServer: ServerResource = {
  resource: PROJECT,
  table: yyProject,
  pickable: () => eq(yyProject.status, '1'),
  hooks: {
    beforeSave({ data, original }) {
      const merged = { ...original, ...data };
      if (data.duration !== undefined && data.duration !== null) {
        const d = Number(data.duration);
        if (!(d >= 1 && d <= 1440)) throw new BizError(PROJECT_MSG.duration);
      }
      for (const key of ['price', 'listPrice'])
        if (typeof data[key] === 'string' && (data[key] as string).startsWith('-'))
          throw new BizError(PROJECT_MSG.negative);
      const price = fen(merged.price);
      const list = fen(merged.listPrice);
      if (price !== undefined && list !== undefined && list < price)
        throw new BizError(PROJECT_MSG.listPriceBelow);
      if (data.sort === null) data.sort = 0;
    },
  },
  endpoints: [
    {
      // the projects on sale the caller reaches, for pickers
      contract: PROJECT_MAP,
      async handler(req, access) {
        const rows = await req.server.db
          .select({ id: yyProject.id, name: yyProject.name })
          .from(yyProject)
          .where(and(eq(yyProject.status, '1'), await access.reach(req)))
          .orderBy(asc(yyProject.sort), asc(yyProject.name));
        return ok(Object.fromEntries(rows.map((r) => [r.id, r.name])));
      },
    },
  ],
};

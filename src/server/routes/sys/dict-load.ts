import type { FastifyInstance } from 'fastify';
import { inArray, or, type SQL } from 'drizzle-orm';
import { escapeLike, likeOp, str } from '../../lib/query/query-generator.ts';
import { ok } from '../../lib/http/result.ts';
import { verifySignature } from '../../lib/http/dict-sign.ts';
import { allowed, columnsOf, resolveDict, toModels } from '../../repos/dict-source.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

/** `pageSize` of loadDict: default and ceiling. */
export const DICT_PAGE_SIZE = { default: 10, max: 100 } as const;

/** `pageSize` clamped to 1..100 (default 10). */
export function dictPageSize(raw: unknown): number {
  const n = Number(str(raw));
  if (!Number.isInteger(n) || n < 1) return DICT_PAGE_SIZE.default;
  return Math.min(n, DICT_PAGE_SIZE.max);
}

const splitList = (s: string | undefined): string[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 500);

type Params = { dict: string };
type Query = Record<string, string | undefined>;

/**
 * Dictionary search for async selects (jeecg-api.md §6.5): `loadDict/{dict}?keyword&pageSize` and
 * `loadDictItem/{dict}?key=a,b`. `{dict}` is a sys_dict code or `table,text,code` over the
 * allow-list above; values are always bound.
 */
export default async function dictLoadRoutes(app: FastifyInstance) {
  const db = app.db;
  const preHandler = verifySignature(app.config.signatureSecret, app.config.timezone);

  route<{ Params: Params; Querystring: Query }>(
    app,
    ENDPOINTS.dict.loadDict,
    { preHandler },
    async (req, reply) => {
      const source = resolveDict(app.tables, req.params.dict, req, db);
      if (!allowed(req, reply, source)) return reply;
      const q = columnsOf(db, source);
      const keyword = str(req.query.keyword);
      let where: SQL | undefined;
      if (keyword?.includes(',')) {
        const list = splitList(keyword);
        where = list.length ? or(inArray(q.text, list), inArray(q.value, list)) : undefined;
      } else if (keyword) {
        const pattern = `%${escapeLike(keyword)}%`;
        where = or(likeOp(q.text, keyword, pattern), likeOp(q.value, keyword, pattern));
      }
      const rows = await q.select(where, dictPageSize(req.query.pageSize));
      return ok(toModels(rows));
    },
  );

  route<{ Params: Params; Querystring: Query }>(
    app,
    ENDPOINTS.dict.loadDictItem,
    { preHandler },
    async (req, reply) => {
      const source = resolveDict(app.tables, req.params.dict, req, db);
      if (!allowed(req, reply, source)) return reply;
      const keys = splitList(str(req.query.key));
      if (keys.length === 0) return ok([]);
      const q = columnsOf(db, source);
      const rows = await q.select(inArray(q.value, keys), keys.length * 2);
      const texts = new Map(rows.map((r) => [String(r.value), r.text == null ? '' : String(r.text)]));
      const keepMissing = req.query.delNotExist === 'false';
      return ok(keys.flatMap((k) => (texts.has(k) ? [texts.get(k)!] : keepMissing ? [k] : [])));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { PERM } from '../../../../shared/permissions.ts';
import { POSITION_MSG } from '../../../../shared/position.ts';
import { listEntities } from '../../../lib/entity-list.ts';
import { BizError, bare, ok } from '../../../lib/result.ts';
import {
  POSITION_LIST,
  findPositionByCode,
  findPositionById,
  positionJson,
} from '../../../repos/positions.ts';

type Q = Record<string, string | undefined>;

/** Position reads (jeecg-api.md §6.7): the paged list and the single-row lookups. */
export default async function positionReadRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  app.get<{ Querystring: Q }>('/sys/position/list', { config: { perm: PERM.position.list } }, async (req) =>
    bare(await listEntities(db, POSITION_LIST, req.query, tz)),
  );

  app.get<{ Querystring: Q }>(
    '/sys/position/queryById',
    { config: { perm: PERM.position.list } },
    async (req) => {
      const row = req.query.id ? await findPositionById(db, req.query.id) : undefined;
      if (!row) throw new BizError(POSITION_MSG.notFound);
      return ok(positionJson(row, tz));
    },
  );

  /** As JeecgBoot: success with `result: null` when no position has the code. */
  app.get<{ Querystring: Q }>(
    '/sys/position/queryByCode',
    { config: { perm: PERM.position.list } },
    async (req) => {
      const code = req.query.code?.trim();
      if (!code) throw new BizError(POSITION_MSG.codeRequired);
      const row = await findPositionByCode(db, code);
      return bare(row ? positionJson(row, tz) : null);
    },
  );
}

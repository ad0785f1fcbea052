import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED } from '../../../shared/permissions.ts';
import { bare, ok } from '../../lib/result.ts';
import { dictItems } from '../../repos/dicts.ts';

/**
 * Dictionary cache endpoints used by the shell's "clear cache": the server keeps no dictionary
 * cache (every read goes to the database), so refleshCache only acknowledges.
 */
export default async function dictRoutes(app: FastifyInstance) {
  app.get('/sys/dict/refleshCache', { config: { perm: AUTHENTICATED } }, async () => bare(null));
  app.get('/sys/dict/queryAllDictItems', { config: { perm: AUTHENTICATED } }, async () =>
    ok(await dictItems(app.db)),
  );
}

import type { FastifyInstance } from 'fastify';
import { bare, ok } from '../../lib/http/result.ts';
import { dictItems } from '../../repos/dicts.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

/**
 * Dictionary cache endpoints used by the shell's "clear cache": the server keeps no dictionary
 * cache (every read goes to the database), so refleshCache only acknowledges.
 */
export default async function dictRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS.dict.refleshCache, async () => bare(null));
  route(app, ENDPOINTS.dict.queryAllDictItems, async () => ok(await dictItems(app.db)));
}

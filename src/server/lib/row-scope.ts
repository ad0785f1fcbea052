/**
 * The rows a caller may see of a generated resource, beyond its fixed `scope`: conditions that
 * depend on who asks. Applied to the list and export of every generated resource (and to lists a
 * server half builds itself, e.g. the category root list). Each part lives in its own module:
 * data rules (lib/data-rules.ts); the tenant's rows join here the same way.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServerResource } from '../resources/generate.ts';
import { dataRuleConditions } from './data-rules.ts';

/** Extra conditions of `sr`'s list and export for this request (ANDed; bound values only). */
export async function rowScope(req: FastifyRequest, sr: ServerResource): Promise<SQL[]> {
  return [...(await dataRuleConditions(req, sr))];
}

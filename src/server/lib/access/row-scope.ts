/**
 * The rows a caller may reach of a generated resource, beyond its fixed `scope`: conditions that
 * depend on who asks. Each part lives in its own module: tenant isolation (lib/access/tenant-scope.ts) and
 * data rules (lib/access/data-rules.ts).
 *
 * - `rowScope`: tenant, partner staff (lib/access/partner-scope.ts), personal rows
 *   (lib/access/owner-scope.ts) and data rules. The list and export of every generated resource (and lists a server half builds
 *   itself, e.g. the category root list), and its queryById, edit and delete: tenant and data rules
 *   (a row the caller's list hides cannot be fetched, changed or deleted by id either). `rowReach`
 *   is the same as one condition, for the routes a server half registers beside its resource
 *   (state changes, sub-row reads, deletes it overrides); tests/server/access/id-routes.test.ts
 *   calls every such route with the id of a hidden row.
 * - `reachScope`: every other touch of a row (sub-table reads, references, dictionary lookups): the
 *   tenant part, which holds for every endpoint, export and command.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ServerResource } from '../../resources/types.ts';
import { dataRuleConditions } from './data-rules.ts';
import { allOf } from '../query/query-generator.ts';
import { ownedCondition, requestAccess, type TenantOwnership } from './tenant-scope.ts';
import { partnerScope } from './partner-scope.ts';
import { ownerScope } from './owner-scope.ts';

/** What the tenant part needs of a resource's server half. */
export interface ScopedResource {
  table: PgTable;
  tenant?: TenantOwnership;
}

/** The tenant condition of the rows `req` may reach in a resource (undefined: no restriction). */
export function reachScope(req: FastifyRequest, sr: ScopedResource): SQL | undefined {
  return ownedCondition(requestAccess(req), sr.table, sr.tenant, req.server.db);
}

/** Extra conditions of `sr`'s list and export for this request (ANDed; bound values only). */
export async function rowScope(req: FastifyRequest, sr: ServerResource): Promise<SQL[]> {
  const tenant = reachScope(req, sr);
  const partner = partnerScope(req, sr);
  const owner = ownerScope(req, sr);
  return [
    ...(tenant ? [tenant] : []),
    ...(partner ? [partner] : []),
    ...(owner ? [owner] : []),
    ...(await dataRuleConditions(req, sr)),
  ];
}

/**
 * The rows of `sr` a request may read by id, change or delete (its list's reach: tenant and data
 * rules), as one condition (undefined: no restriction). Every route touching a resource's rows by
 * id, generated or written beside the resource, goes through it.
 */
export const rowReach = async (req: FastifyRequest, sr: ServerResource): Promise<SQL | undefined> =>
  allOf(await rowScope(req, sr));

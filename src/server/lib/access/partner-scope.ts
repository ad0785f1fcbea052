/**
 * Partner staff. An account bound to a partner (`sys_user.partner_id`) reaches, of each resource
 * whose server half declares `partner` (the column naming the partner of a row: technicians,
 * orders), only its partner's rows: lists, exports, queryById, edits and state changes, through
 * `rowScope` (row-scope.ts). An account bound to no partner is not restricted by it. Computed from
 * the cached session (no statement).
 */
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../plugins/auth.ts';
import type { ServerResource } from '../../resources/types.ts';

/** The partner condition of the rows `req` may reach in `sr` (undefined: no restriction). */
export function partnerScope(
  req: FastifyRequest,
  sr: Pick<ServerResource, 'table' | 'partner'>,
): SQL | undefined {
  if (!sr.partner) return undefined;
  const partnerId = caller(req).user.partnerId;
  if (!partnerId) return undefined;
  const column = (getTableColumns(sr.table) as Record<string, PgColumn>)[sr.partner.column];
  if (!column) throw new Error(`partner scope: no column ${sr.partner.column}`);
  return eq(column, partnerId);
}

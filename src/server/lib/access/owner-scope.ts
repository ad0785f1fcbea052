/**
 * Personal rows. A resource whose server half declares `owner` (the column naming the account that
 * owns a row: its `createBy`, a username) is reached by each caller only for their own rows:
 * lists, queryById, edits, deletes and the endpoints beside it, through `rowScope` (row-scope.ts).
 * Nobody reaches another's rows, administrators included (保存的脚本 run with their owner's rights).
 */
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../plugins/auth.ts';
import type { ServerResource } from '../../resources/types.ts';

/** The owner condition of the rows `req` may reach in `sr` (undefined: not personal rows). */
export function ownerScope(
  req: FastifyRequest,
  sr: Pick<ServerResource, 'table' | 'owner'>,
): SQL | undefined {
  if (!sr.owner) return undefined;
  const column = (getTableColumns(sr.table) as Record<string, PgColumn>)[sr.owner.column];
  if (!column) throw new Error(`owner scope: no column ${sr.owner.column}`);
  return eq(column, caller(req).user.username);
}

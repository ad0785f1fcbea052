/**
 * Reversal entries of an append-only resource declaring `reversal` (src/shared/resources/reversal.ts):
 * a posted row is never changed; its correction is a new row holding the original's values with the
 * money fields negated, naming the original (`refField`) and the reason (`reasonField`).
 *
 * - `postReversal(tx, sr, id, …)` posts one inside the caller's transaction (an order refund may
 *   reverse its commission in the same transaction as the refund): the original is locked
 *   (`SELECT … FOR UPDATE`) within the row scope given, so two reversals of one row run one after
 *   the other and the second is refused; a reversal is never reversed.
 * - `registerReversal` serves `POST {path}/reverse {id, reason}` behind the declared permission,
 *   within the caller's row scope (`rowReach`), taking an `Idempotency-Key` header as the add does.
 *
 * A reversible table should also carry a unique index on its `refField` column (one reversal per
 * row, whoever writes); a refusal by it is answered with the same message.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  REVERSAL_MSG,
  REVERSAL_REASON_MAX,
  negateMoney,
  type DerivedReversal,
} from '../../shared/resources/reversal.ts';
import { TRANSITION_MSG } from '../../shared/resources/transitions.ts';
import type { Db } from '../db/client.ts';
import { sysIdempotencyKey } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { routeOf } from '../lib/http/route.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { caller, type UserRow } from '../plugins/auth.ts';
import type { ServerResource } from './types.ts';
import { hasPostgresCode } from '../lib/query/errors.ts';

type Row = Record<string, unknown> & { id: string };

/** Columns a reversal row never copies from the original: its own id and audit stamps. */
const OWN = new Set(['id', 'createBy', 'createTime', 'updateBy', 'updateTime']);

export interface ReversalOptions {
  reason: string;
  user: UserRow;
  /**
   * the rows the caller reaches (`rowReach(req, sr)`: tenant and data rules); a row outside is
   * refused as missing. Undefined: unrestricted (a server job, an effect of a change already checked)
   */
  reach?: SQL | undefined;
}

const reversalOf = (sr: ServerResource): DerivedReversal => {
  const reversal = sr.resource.reversal;
  if (!reversal) throw new Error(`resource ${sr.resource.decl.name} declares no reversal`);
  return reversal;
};

/** The reason as accepted (trimmed), or the refusal. */
export function reversalReason(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason) throw new BizError(REVERSAL_MSG.reasonRequired);
  if (reason.length > REVERSAL_REASON_MAX) throw new BizError(REVERSAL_MSG.reasonTooLong);
  return reason;
}

/**
 * Post the reversal of row `id` of `sr` inside `tx`: refused (BizError) when the row is not in
 * reach, is itself a reversal, or was reversed already. Answers the new row's id.
 */
export async function postReversal(
  tx: Db,
  sr: ServerResource,
  id: string,
  opts: ReversalOptions,
): Promise<string> {
  const reversal = reversalOf(sr);
  const reason = reversalReason(opts.reason);
  const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
  const refColumn = columns[reversal.refField]!;
  // the original, locked: a concurrent reversal of it waits here, then sees this one's row
  const [original] = (await tx
    .select()
    .from(sr.table)
    .where(and(eq(columns.id!, id), sr.scope?.(), opts.reach))
    .for('update')) as Row[];
  if (!original) throw new BizError(sr.resource.notFound);
  const ref = original[reversal.refField];
  if (ref !== null && ref !== undefined && ref !== '') throw new BizError(REVERSAL_MSG.ofReversal);
  const [done] = await tx.select({ id: columns.id! }).from(sr.table).where(eq(refColumn, id)).limit(1);
  if (done) throw new BizError(REVERSAL_MSG.twice);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(columns)) if (!OWN.has(key)) values[key] = original[key];
  for (const key of reversal.amountFields) values[key] = negateMoney(original[key]);
  const rowId = newId();
  await tx.insert(sr.table).values({
    ...values,
    id: rowId,
    [reversal.refField]: id,
    [reversal.reasonField]: reason,
    ...('createBy' in columns ? { createBy: opts.user.username } : {}),
  });
  return rowId;
}

const isUniqueViolation = (e: unknown): boolean => hasPostgresCode(e, '23505');

/** the `Idempotency-Key` header (at most 128 characters), if any */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const v = req.headers['idempotency-key'];
  const key = (Array.isArray(v) ? v[0] : v)?.trim();
  if (key && key.length > 128) throw new BizError(TRANSITION_MSG.badIdempotencyKey);
  return key || undefined;
}

/** Register `POST {path}/reverse` of a resource declaring `reversal` (nothing otherwise). */
export function registerReversal(
  app: FastifyInstance,
  sr: ServerResource,
  publish: (req: FastifyRequest, id: string) => Promise<void>,
): void {
  const reversal = sr.resource.reversal;
  if (!reversal) return;
  const name = sr.resource.decl.name;
  app.route({
    ...routeOf(reversal.endpoint),
    handler: async (req) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const query = (req.query ?? {}) as Record<string, unknown>;
      const rawId = body.id ?? query.id;
      const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).trim() : '';
      if (!id) throw new BizError(sr.resource.notFound);
      const reason = reversalReason(body.reason ?? query.reason);
      const key = idempotencyKeyOf(req);
      const user = caller(req).user;
      // read before the transaction (PGlite has one connection)
      const reach = await rowReach(req, sr);
      let posted: string | null;
      try {
        posted = await app.db.transaction(async (t) => {
          const tx = t as unknown as Db;
          // a retry of a reversal already posted (same key) posts nothing
          if (key) {
            const [fresh] = await tx
              .insert(sysIdempotencyKey)
              .values({ resource: `${name}.reverse`, key, rowId: id })
              .onConflictDoNothing()
              .returning({ key: sysIdempotencyKey.key });
            if (!fresh) return null;
          }
          return postReversal(tx, sr, id, { reason, user, reach });
        });
      } catch (e) {
        // the table's unique index on the reference: a reversal posted by someone not locking
        if (isUniqueViolation(e)) throw new BizError(REVERSAL_MSG.twice);
        throw e;
      }
      if (posted) await publish(req, posted);
      return ok(posted, REVERSAL_MSG.done);
    },
  });
}

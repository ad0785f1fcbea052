/**
 * The 上门订单 status tabs' counts (GET …/statusCounts): how many orders the caller reaches in each
 * state, with the list's filters.
 *
 * Without a list filter, for a caller whose reach is only tenants and a partner (no data rule), the
 * counts are read from `yy_visit_order_status_count`, which triggers keep equal to a GROUP BY of
 * the orders per tenant, partner and state (migration 0026): a few dozen rows instead of a scan of
 * every order. With a filter or a data rule the counts are the exact GROUP BY over the rows the
 * caller reaches, as the list reads them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { yyVisitOrder, yyVisitOrderStatusCount } from '../db/schema/index.ts';
import { dataRuleConditions } from '../lib/access/data-rules.ts';
import { requestAccess } from '../lib/access/tenant-scope.ts';
import { caller } from '../plugins/auth.ts';
import type { ResourceAccess, ServerResource } from '../resources/types.ts';

export type StatusCounts = Record<string, number>;
type Query = Record<string, string | string[] | undefined>;

/** Where the counts come from for this request: the maintained table, or a GROUP BY. */
export async function statusCounts(
  req: FastifyRequest,
  sr: ServerResource,
  access: Pick<ResourceAccess, 'gen' | 'reach'>,
): Promise<{ counts: StatusCounts; source: 'table' | 'groupBy' }> {
  const { status: _status, ...query } = req.query as Query;
  const tz = req.server.config.timezone;
  const db = req.server.db;
  const tenants = requestAccess(req);
  const filtered = access.gen.where(query, tz) !== undefined;
  const ruled = (await dataRuleConditions(req, sr)).length > 0;
  // tenant 0 is the table's key of "no tenant": a caller naming it goes the exact way
  if (!filtered && !ruled && (tenants.all || tenants.ids.every((id) => id > 0))) {
    if (!tenants.all && !tenants.ids.length) return { counts: {}, source: 'table' };
    const partnerId = caller(req).user.partnerId;
    const c = yyVisitOrderStatusCount;
    const rows = await db
      .select({ status: c.status, count: sql<number>`sum(${c.n})::int` })
      .from(c)
      .where(
        and(
          tenants.all ? undefined : inArray(c.tenantKey, [...tenants.ids]),
          partnerId ? eq(c.partnerKey, partnerId) : undefined,
        ),
      )
      .groupBy(c.status)
      .having(sql`sum(${c.n}) <> 0`);
    return { counts: Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])), source: 'table' };
  }
  const reach = await access.reach(req);
  const rows = await db
    .select({ status: yyVisitOrder.status, count: sql<number>`count(*)::int` })
    .from(yyVisitOrder)
    .where(access.gen.where(query, tz, reach ? [reach] : []))
    .groupBy(yyVisitOrder.status);
  return { counts: Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])), source: 'groupBy' };
}

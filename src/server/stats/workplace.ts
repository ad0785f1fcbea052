/**
 * GET /yy/ht/yyBasic/workplace (src/shared/stats/workplace.ts): 工作台's sections. A section is
 * answered only to a caller holding its list's code and its action's code; its count and rows are
 * the resource's rows in the waiting state within the caller's row reach (`rowReach`: tenant,
 * partner, data rules — what the list shows with that status filter), oldest first.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  WORKPLACE_ITEMS,
  WORKPLACE_PENDING,
  WORKPLACE_SECTIONS,
  sectionCodes,
  sectionComponent,
  type WorkplaceItem,
  type WorkplaceKey,
  type WorkplaceSection,
} from '../../shared/stats/workplace.ts';
import {
  yyExceptionOrder,
  yyPartner,
  yyStatement,
  yyTechnician,
  yyVisitOrder,
  yyWithdraw,
} from '../db/schema/index.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { caller } from '../plugins/auth.ts';
import { SERVER_RESOURCES } from '../resources/index.ts';

/** What names a waiting row and what a person reads beside it, per section. */
interface Shape {
  table: PgTable & { id: PgColumn; status: PgColumn; createTime: PgColumn };
  label: SQL<string>;
  detail: SQL<string>;
}

const SHAPES: Record<WorkplaceKey, Shape> = {
  exceptions: {
    table: yyExceptionOrder,
    label: sql<string>`coalesce((select o.order_no from ${yyVisitOrder} o where o.id = ${yyExceptionOrder.orderId}), '')`,
    detail: sql<string>`${yyExceptionOrder.reason}`,
  },
  cancellations: {
    table: yyVisitOrder,
    label: sql<string>`${yyVisitOrder.orderNo}`,
    detail: sql<string>`${yyVisitOrder.contact} || ' ¥' || ${yyVisitOrder.totalAmount}::text`,
  },
  partners: {
    table: yyPartner,
    label: sql<string>`${yyPartner.name}`,
    detail: sql<string>`${yyPartner.contact} || ' ' || ${yyPartner.mobile}`,
  },
  withdrawals: {
    table: yyWithdraw,
    label: sql<string>`${yyWithdraw.withdrawNo}`,
    detail: sql<string>`coalesce((select t.name from ${yyTechnician} t where t.id = ${yyWithdraw.technicianId}), '') || ' ¥' || ${yyWithdraw.amount}::text`,
  },
  statements: {
    table: yyStatement,
    label: sql<string>`${yyStatement.period}`,
    detail: sql<string>`'¥' || ${yyStatement.totalAmount}::text || '，' || ${yyStatement.orderCount}::text || '单'`,
  },
};

/** The sections `req`'s caller may act on, counted and listed within their reach. */
export async function workplaceSections(req: FastifyRequest): Promise<WorkplaceSection[]> {
  const perms = caller(req).perms;
  const out: WorkplaceSection[] = [];
  for (const def of WORKPLACE_SECTIONS) {
    const sr = SERVER_RESOURCES.find((s) => s.resource.decl.name === def.resource)!;
    const codes = sectionCodes(def);
    if (!perms.has(codes.list) || !perms.has(codes.action)) continue;
    const { table, label, detail } = SHAPES[def.key];
    const where = and(eq(table.status, def.status), await rowReach(req, sr));
    const db = req.server.db;
    const [total] = await db.select({ n: count() }).from(table).where(where);
    const rows = await db
      .select({ id: table.id, label, detail, time: table.createTime })
      .from(table)
      .where(where)
      .orderBy(asc(table.createTime), asc(table.id))
      .limit(WORKPLACE_ITEMS);
    const items: WorkplaceItem[] = rows.map((r) => ({
      id: String(r.id),
      label: String(r.label ?? ''),
      detail: String(r.detail ?? ''),
      time: r.time ? new Date(r.time as string | Date).toISOString() : null,
    }));
    out.push({
      key: def.key,
      title: def.title,
      count: Number(total?.n ?? 0),
      items,
      command: `${def.resource}.${def.action}`,
      actionTitle: def.actionTitle,
      component: sectionComponent(def),
    });
  }
  return out;
}

export default async function workplaceRoutes(app: FastifyInstance) {
  route(app, WORKPLACE_PENDING, async (req) => ok(await workplaceSections(req)));
}

import type { FastifyInstance } from 'fastify';
import { and, asc, eq, like, type SQL } from 'drizzle-orm';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import {
  DATA_RULE_MSG,
  dataRuleBodySchema,
  type DataRuleBody,
  type DataRuleJson,
} from '../../../shared/data-rule.ts';
import { sysPermission, sysPermissionDataRule } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { resourceTarget, ruleField, type RuleTarget } from '../../lib/access/data-rules.ts';
import { newId } from '../../lib/query/ids.ts';
import { escapeLike } from '../../lib/query/query-generator.ts';
import { BizError, bare, ok, okMessage } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { formatDateTime } from '../../lib/http/time.ts';
import { oneParam, parseWith } from '../../lib/http/validate.ts';
import { caller } from '../../plugins/auth.ts';
import { menuById } from '../../repos/menu-admin.ts';
import type { ServerResource } from '../../resources/types.ts';
import { USER_RULE_TARGET } from '../../repos/users.ts';

type Q = Record<string, string | string[] | undefined>;
type RuleRow = typeof sysPermissionDataRule.$inferSelect;
const R = sysPermissionDataRule;

/** A rule as the wire carries it (SysPermissionDataRule). */
export const ruleJson = (r: RuleRow, tz: string): DataRuleJson => ({
  id: r.id,
  permissionId: r.permissionId,
  ruleName: r.ruleName,
  ruleColumn: r.ruleColumn,
  ruleConditions: r.ruleConditions,
  ruleValue: r.ruleValue,
  status: r.status,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime, tz),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime, tz),
});

/** The data rules matching `where`, oldest first, as the wire shows them. */
export async function readRules(db: Db, tz: string, where: SQL[]): Promise<DataRuleJson[]> {
  const rows = await db
    .select()
    .from(R)
    .where(and(...where))
    .orderBy(asc(R.createTime), asc(R.id));
  return rows.map((r) => ruleJson(r, tz));
}

/** The filters of a rule query: exact ids, `*x*` (or plain text) names and values searched. */
function ruleFilters(q: Q): SQL[] {
  const out: SQL[] = [];
  const text = (name: string) => oneParam(q, name);
  const permissionId = text('permissionId');
  if (permissionId) out.push(eq(R.permissionId, permissionId));
  const status = text('status');
  if (status) out.push(eq(R.status, status));
  for (const [name, col] of [
    ['ruleName', R.ruleName],
    ['ruleColumn', R.ruleColumn],
    ['ruleValue', R.ruleValue],
  ] as const) {
    const v = text(name)?.replace(/^\*|\*$/g, '');
    if (v) out.push(like(col, `%${escapeLike(v)}%`));
  }
  return out;
}

/** Set the menu's `rule_flag` (the data-rule mark of the role authorisation tree). */
async function refreshRuleFlag(db: Db, permissionId: string) {
  const [any] = await db.select({ id: R.id }).from(R).where(eq(R.permissionId, permissionId)).limit(1);
  await db
    .update(sysPermission)
    .set({ ruleFlag: any ? 1 : 0 })
    .where(eq(sysPermission.id, permissionId));
}

/**
 * Data rules of a menu (jeecg-api.md §4.4); their grants are rule-grants.ts. A rule's column must be a
 * field of the resource behind the menu when the menu has one (the server applies rules only
 * there); the raw-SQL type is refused.
 */
export default async function permissionRuleRoutes(
  app: FastifyInstance,
  opts: { resources: readonly ServerResource[] },
) {
  const db = app.db;
  const tz = app.config.timezone;
  const ep = ENDPOINTS.dataRule;
  // the lists rules narrow, by their menu's component: generated resources and the hand-built ones
  const byComponent = new Map<string, RuleTarget>();
  for (const target of [...opts.resources.map(resourceTarget), USER_RULE_TARGET])
    if (target && !byComponent.has(target.component)) byComponent.set(target.component, target);

  /** The body checked against its menu: the column, when the menu's resource is known, named as its field. */
  const checked = async (body: DataRuleBody): Promise<DataRuleBody> => {
    const menu = await menuById(db, body.permissionId).catch(() => {
      throw new BizError(DATA_RULE_MSG.menuMissing);
    });
    const target = menu.component ? byComponent.get(menu.component) : undefined;
    // a rule no list would apply is refused rather than saved to do nothing
    if (!target) throw new BizError(DATA_RULE_MSG.noList(menu.name));
    const field = ruleField(target.fields, body.ruleColumn);
    if (!field) throw new BizError(DATA_RULE_MSG.columnNotField(body.ruleColumn!, menu.name));
    return { ...body, ruleColumn: field };
  };

  const rules = (where: SQL[]) => readRules(db, tz, where);

  route<{ Querystring: Q }>(app, ep.listByPermission, async (req) => {
    if (!oneParam(req.query, 'permissionId')) throw new BizError(DATA_RULE_MSG.menuMissing);
    return bare(await rules(ruleFilters(req.query)));
  });

  route<{ Querystring: Q }>(app, ep.query, async (req) => ok(await rules(ruleFilters(req.query))));

  route(app, ep.add, async (req) => {
    const body = await checked(parseWith(dataRuleBodySchema, req.body));
    await db.transaction(async (tx) => {
      await tx.insert(R).values({
        id: newId(),
        permissionId: body.permissionId,
        ruleName: body.ruleName,
        ruleColumn: body.ruleColumn ?? null,
        ruleConditions: body.ruleConditions,
        ruleValue: body.ruleValue,
        status: body.status,
        createBy: caller(req).user.username,
      });
      await refreshRuleFlag(tx as unknown as Db, body.permissionId);
    });
    return okMessage(DATA_RULE_MSG.added);
  });

  route(app, ep.edit, async (req) => {
    const id = typeof (req.body as { id?: unknown })?.id === 'string' ? (req.body as { id: string }).id : '';
    const [current] = id ? await db.select().from(R).where(eq(R.id, id)).limit(1) : [];
    if (!current) throw new BizError(DATA_RULE_MSG.notFound);
    // a rule stays with its menu
    const body = await checked(
      parseWith(dataRuleBodySchema, { ...(req.body as object), permissionId: current.permissionId }),
    );
    await db
      .update(R)
      .set({
        ruleName: body.ruleName,
        ruleColumn: body.ruleColumn ?? null,
        ruleConditions: body.ruleConditions,
        ruleValue: body.ruleValue,
        status: body.status,
        updateBy: caller(req).user.username,
        updateTime: new Date(),
      })
      .where(eq(R.id, id));
    return okMessage(DATA_RULE_MSG.edited);
  });

  route<{ Querystring: Q }>(app, ep.delete, async (req) => {
    const id = oneParam(req.query, 'id');
    const [gone] = id ? await db.delete(R).where(eq(R.id, id)).returning() : [];
    if (!gone) throw new BizError(DATA_RULE_MSG.notFound);
    await refreshRuleFlag(db, gone.permissionId);
    return okMessage(DATA_RULE_MSG.deleted);
  });
}

import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  TENANT,
  TENANT_OF_CURRENT_USER,
  TENANT_QUERY_LIST,
  TENANT_RESOURCE_MSG as MSG,
} from '../../shared/resources/tenant.ts';
import { sysTenant, sysUser, yyGoods, yyUser } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { RESOURCE_MSG } from '../../shared/resources/define.ts';
import { BizError, ok, okMessage } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { dryRunOf, oneParam, parseWith, requiredIds } from '../lib/http/validate.ts';
import { caller } from '../plugins/auth.ts';
import { requestAccess, tenantColumnCondition, userTenantIds } from '../lib/access/tenant-scope.ts';
import type { ResourceHandler, ServerResource } from './register.ts';
import { valueAfter } from './types.ts';

type Body = Record<string, unknown>;

/** Tables whose rows name a tenant (a tenant they name is referenced and not deleted). */
const OWNED_TABLES = [yyUser, yyGoods] as const;

/** An integer tenant id, or undefined. */
const tenantId = (v: unknown): number | undefined => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
};

/** The ids of a request's `id`/`ids`: every one must be an integer (else no tenant has it). */
function idsOf(raw: string[]): number[] {
  const ids = raw.map(tenantId);
  if (ids.some((id) => id === undefined)) throw new BizError(MSG.notFound);
  return ids as number[];
}

/** The tenants of `ids` that users or tenant-owned rows still name. */
async function referenced(db: Db, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  const users = await db
    .select({ rel: sysUser.relTenantIds })
    .from(sysUser)
    .where(
      sql`string_to_array(${sysUser.relTenantIds}, ',') && ARRAY[${sql.join(
        ids.map((id) => sql`${String(id)}`),
        sql`, `,
      )}]::text[]`,
    );
  for (const u of users) for (const id of userTenantIds({ relTenantIds: u.rel })) out.add(id);
  for (const table of OWNED_TABLES) {
    const rows = await db
      .selectDistinct({ id: table.tenantId })
      .from(table)
      .where(inArray(table.tenantId, ids));
    for (const r of rows) if (r.id !== null) out.add(r.id);
  }
  return new Set(ids.filter((id) => out.has(id)));
}

/** Refuse an end before the beginning (both given, or one given and the other stored). */
function assertDates(data: Body, original?: Body) {
  const begin = valueAfter(data, original, 'beginDate') as string | null | undefined;
  const end = valueAfter(data, original, 'endDate') as string | null | undefined;
  if (begin && end && end < begin) throw new BizError(MSG.badDates);
}

/** Integer ids on the query: checked before the generated handler (a text id names no tenant). */
const integerIds =
  (name: 'id' | 'ids') =>
  (generated: ResourceHandler): ResourceHandler =>
  async (req, reply) => {
    const raw = oneParam(req.query, name);
    if (raw !== undefined) idsOf(raw.split(',').filter(Boolean));
    return generated(req, reply);
  };

/**
 * 租户: the generated family over sys_tenant (rows reached: the caller's tenants, or all with
 * `tenant:all`), an add that takes the given 租户编号 or the next free one, deletes that keep
 * referenced tenants, and JeecgBoot's queryList and getCurrentUserTenant.
 */
export const tenantServer: ServerResource = {
  resource: TENANT,
  table: sysTenant,
  tenant: { column: 'id', stamp: false },
  hooks: {
    beforeSave({ data, original }) {
      assertDates(data, original);
    },
    async beforeDelete({ db, ids }) {
      const used = await referenced(db, idsOf(ids));
      if (used.size) throw new BizError(MSG.allReferenced);
    },
  },
  override: {
    add: () => async (req: FastifyRequest) => {
      const me = caller(req).user;
      const { dryRun, body: sent } = dryRunOf(req.body);
      const body = (sent ?? {}) as Body;
      const data = parseWith(TENANT.addSchema, body) as Body;
      assertDates(data);
      const db = req.server.db;
      let id: number;
      if (body.id !== undefined && body.id !== null && body.id !== '') {
        const given = tenantId(body.id);
        if (given === undefined) throw new BizError(MSG.badId);
        const [taken] = await db.select({ id: sysTenant.id }).from(sysTenant).where(eq(sysTenant.id, given));
        if (taken) throw new BizError(MSG.idTaken);
        id = given;
      } else {
        const [{ top } = { top: 0 }] = await db.select({ top: max(sysTenant.id) }).from(sysTenant);
        id = (top ?? 0) + 1;
      }
      // a dry run (the generated add's `dryRun`): every check above made, nothing written
      if (dryRun) return okMessage(RESOURCE_MSG.dryRun);
      await db.insert(sysTenant).values({
        id,
        name: data.name as string,
        beginDate: (data.beginDate as string | undefined) ?? null,
        endDate: (data.endDate as string | undefined) ?? null,
        status: (data.status as number | undefined) ?? 1,
        createBy: me.username,
      });
      return okMessage('添加成功！');
    },
    // the Vue client sends the integer id as a number: the generated edit reads a string
    edit: (generated) => async (req, reply) => {
      const body = (req.body ?? {}) as Body;
      if (typeof body.id === 'number') req.body = { ...body, id: String(body.id) };
      idsOf([String((req.body as Body).id ?? '')]);
      return generated(req, reply);
    },
    queryById: integerIds('id'),
    delete: integerIds('id'),
    // JeecgBoot: referenced tenants are skipped, the others deleted
    deleteBatch: (generated) => async (req, reply) => {
      const ids = idsOf(requiredIds(req.query.ids));
      const used = await referenced(req.server.db, ids);
      const free = ids.filter((id) => !used.has(id));
      if (!free.length) throw new BizError(MSG.allReferenced);
      req.query = { ...req.query, ids: free.join(',') };
      await generated(req, reply);
      if (!used.size) return okMessage('删除成功!');
      const names = await req.server.db
        .select({ name: sysTenant.name })
        .from(sysTenant)
        .where(inArray(sysTenant.id, [...used]));
      return okMessage(MSG.partlyDeleted(names.map((n) => n.name).join('，')));
    },
  },
  routes(app, gen) {
    const tz = app.config.timezone;
    route<{ Querystring: Record<string, string | undefined> }>(app, TENANT_QUERY_LIST, async (req) => {
      const raw = oneParam(req.query, 'ids');
      const ids = raw ? raw.split(',').map(tenantId) : [];
      const rows = await app.db
        .select()
        .from(sysTenant)
        .where(
          and(
            eq(sysTenant.status, 1),
            tenantColumnCondition(requestAccess(req), sysTenant.id),
            raw
              ? inArray(
                  sysTenant.id,
                  ids.filter((id): id is number => id !== undefined),
                )
              : undefined,
          ),
        )
        .orderBy(asc(sysTenant.id));
      return ok(rows.map((r) => gen.toJson(r as never, tz)));
    });
    route(app, TENANT_OF_CURRENT_USER, async (req) => {
      const own = userTenantIds(caller(req).user);
      const rows = own.length
        ? await app.db.select().from(sysTenant).where(inArray(sysTenant.id, own)).orderBy(asc(sysTenant.id))
        : [];
      return ok({ list: rows.map((r) => gen.toJson(r as never, tz)) });
    });
  },
};

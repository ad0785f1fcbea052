import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import { sysDepart } from '../../../db/schema/index.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { caller } from '../../../plugins/auth.ts';
import { route } from '../../../lib/http/route.ts';
import { escapeLike } from '../../../lib/query/query-generator.ts';
import { fail, ok } from '../../../lib/http/result.ts';
import { oneParam } from '../../../lib/http/validate.ts';
import { dictLookup } from '../../../repos/dicts.ts';
import { departChildren, departIdsWithChildren, type DepartRow } from '../../../repos/departs.ts';
import { departForest, departTreeModel } from './model.ts';
import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../plugins/auth.ts';

type Q = Record<string, string | string[] | undefined>;

const live = eq(sysDepart.delFlag, '0');
const ORDER = [asc(sysDepart.departOrder), asc(sysDepart.orgCode)] as const;

/** The live departments of the subtrees rooted at the departments a superior is responsible for. */
async function myDepartRows(db: Db, user: UserRow): Promise<DepartRow[]> {
  const ids = (user.departIds ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return [];
  const roots = await db
    .select()
    .from(sysDepart)
    .where(and(live, inArray(sysDepart.id, ids)));
  if (roots.length === 0) return [];
  return db
    .select()
    .from(sysDepart)
    .where(and(live, or(...roots.map((r) => like(sysDepart.orgCode, `${escapeLike(r.orgCode)}%`)))))
    .orderBy(...ORDER);
}

/** Department tree reads (jeecg-api.md §6.3): the full tree, one level, a search, the caller's own. */
export default async function departTreeReadRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;
  const categories = async () => {
    const lookup = await dictLookup(db, ['org_category']);
    return (v: string) => lookup('org_category', v);
  };

  route(app, ENDPOINTS.depart.queryTreeList, async () => {
    const rows = await db
      .select()
      .from(sysDepart)
      .where(live)
      .orderBy(...ORDER);
    return ok(departForest(rows, tz, await categories()));
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.queryDepartTreeSync, async (req) => {
    const ids = (oneParam(req.query, 'ids') ?? '').split(',').filter(Boolean);
    const byOrgCode = oneParam(req.query, 'primaryKey') === 'orgCode';
    let rows: DepartRow[];
    if (ids.length) {
      rows = await db
        .select()
        .from(sysDepart)
        .where(and(live, inArray(byOrgCode ? sysDepart.orgCode : sysDepart.id, ids)))
        .orderBy(...ORDER);
    } else rows = await departChildren(db, oneParam(req.query, 'pid') ?? null);
    const parents = await departIdsWithChildren(
      db,
      rows.map((r) => r.id),
    );
    const category = await categories();
    return ok(
      rows.map((d) =>
        departTreeModel(d, tz, {
          children: [],
          isLeaf: !parents.has(d.id),
          category: category(d.orgCategory) ?? null,
        }),
      ),
    );
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.depart.searchBy, async (req) => {
    const keyWord = oneParam(req.query, 'keyWord');
    if (!keyWord) return fail('请输入搜索内容');
    const conds: SQL[] = [live, ilike(sysDepart.departName, `%${escapeLike(keyWord)}%`)];
    if (oneParam(req.query, 'myDeptSearch') === '1') {
      const mine = await myDepartRows(db, caller(req).user);
      conds.push(inArray(sysDepart.id, mine.length ? mine.map((d) => d.id) : ['']));
    }
    const rows = await db
      .select()
      .from(sysDepart)
      .where(and(...conds))
      .orderBy(asc(sysDepart.orgCode));
    if (rows.length === 0) return fail('未查询匹配数据！');
    const category = await categories();
    return ok(
      rows.map((d) =>
        departTreeModel(d, tz, { children: null, isLeaf: true, category: category(d.orgCategory) ?? null }),
      ),
    );
  });

  route(app, ENDPOINTS.depart.queryMyDeptTreeList, async (req) => {
    const user = caller(req).user;
    // JeecgBoot answers the caller's identity in `message`: "2" superior, "1" anyone else
    if (user.userIdentity !== 2) return ok(null, '1');
    return ok(departForest(await myDepartRows(db, user), tz, await categories()), '2');
  });
}

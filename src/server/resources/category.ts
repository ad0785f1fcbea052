import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import {
  CATEGORY,
  CATEGORY_ENDPOINTS,
  CATEGORY_MSG,
  CATEGORY_PICK,
  type CategoryNode,
} from '../../shared/resources/category.ts';
import { TREE_CONDITION_MSG, parseTreeCondition } from '../../shared/tree-condition.ts';
import { sysCategory } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { listEntities } from '../lib/query/entity-list.ts';
import { escapeLike, str } from '../lib/query/query-generator.ts';
import { BizError, bare, ok, page } from '../lib/http/result.ts';
import { requiredIds } from '../lib/http/validate.ts';
import { route } from '../lib/http/route.ts';
import { rowReach, rowScope } from '../lib/access/row-scope.ts';
import type { ResourceHandler, ServerResource } from './register.ts';

type Q = Record<string, string | undefined>;
type Row = typeof sysCategory.$inferSelect;

/** The root's `pid`. */
export const ROOT_PID = '0';
/** Most nodes one tree call answers. */
const NODE_CAP = 2000;

const node = (r: Row): CategoryNode => ({
  key: r.id,
  title: r.name,
  value: r.id,
  code: r.code,
  parentId: r.pid,
  leaf: r.hasChild !== '1',
  children: null,
});

/** Keep `has_child` true to the rows: "1" exactly when some node names the row as parent. */
async function refreshHasChild(db: Db, ids: Iterable<string>) {
  const list = [...new Set(ids)].filter((id) => id && id !== ROOT_PID);
  if (!list.length) return;
  await db
    .update(sysCategory)
    .set({
      hasChild: sql`case when exists (select 1 from sys_category c where c.pid = ${sysCategory.id}) then '1' else '0' end`,
    })
    .where(inArray(sysCategory.id, list));
}

/**
 * Codes given by `nextCode` in a transaction whose rows are not written yet: an import checks all
 * its rows before it inserts them, so siblings of one file must not be given the same code.
 */
const pendingCodes = new WeakMap<object, Set<string>>();

/** The next free code under a parent: A01, A02 … at the root, <parent>A01 … below. */
async function nextCode(db: Db, parentCode: string): Promise<string> {
  const rows = await db
    .select({ code: sysCategory.code })
    .from(sysCategory)
    .where(like(sysCategory.code, `${escapeLike(parentCode)}%`));
  const pending = pendingCodes.get(db) ?? new Set<string>();
  pendingCodes.set(db, pending);
  const used = new Set([...rows.map((r) => r.code), ...pending]);
  for (let letter = 0; letter < 26; letter++)
    for (let n = 1; n < 100; n++) {
      const code = `${parentCode}${String.fromCharCode(65 + letter)}${String(n).padStart(2, '0')}`;
      if (!used.has(code)) {
        pending.add(code);
        return code;
      }
    }
  throw new BizError('该级分类编码已用尽');
}

const byId = async (db: Db, id: string) =>
  (await db.select().from(sysCategory).where(eq(sysCategory.id, id)).limit(1))[0];

/** A body's `pid` "0" or empty means the root: sent as not given (the column's default is the root). */
function rootPid(req: FastifyRequest): boolean {
  const body = req.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || !('pid' in body)) return false;
  const pid = body.pid;
  if (pid !== ROOT_PID && pid !== '' && pid !== null) return false;
  delete body.pid;
  return true;
}

/** The nodes below a parent id, or below the node of a code (the roots for none or "0"). */
async function childrenOf(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select()
    .from(sysCategory)
    .where(where)
    .orderBy(asc(sysCategory.code))
    .limit(NODE_CAP);
  return rows;
}

/**
 * 分类字典: the generated family plus JeecgBoot's tree calls. A root has pid "0"; `has_child` is kept
 * by the server; a node with children is not deleted; a parent may not be the node or below it.
 */
export const categoryServer: ServerResource = {
  resource: CATEGORY,
  table: sysCategory,
  hooks: {
    async beforeSave({ op, db, data, original }) {
      // no parent: the root (the column's default; moves to the root are made by the edit override)
      if (data.pid === null || data.pid === '') delete data.pid;
      const pid = (data.pid as string | undefined) ?? (op === 'edit' ? original?.pid : undefined) ?? ROOT_PID;
      const parent = pid === ROOT_PID ? undefined : await byId(db, String(pid));
      if (pid !== ROOT_PID && !parent) throw new BizError(CATEGORY_MSG.parentMissing);
      if (op === 'edit' && parent && original) {
        // the new parent may not be the node itself or one of its descendants
        if (parent.code.startsWith(String(original.code))) throw new BizError(CATEGORY_MSG.parentSelf);
      }
      if (op === 'add') {
        const code = typeof data.code === 'string' ? data.code : '';
        if (!code) data.code = await nextCode(db, parent?.code ?? '');
        else if (parent && !code.startsWith(parent.code))
          throw new BizError(CATEGORY_MSG.codePrefix(parent.code));
      }
    },
    // an imported row under a parent (the add endpoint's override refreshes its own)
    async afterSave({ op, tx, data }) {
      if (op === 'add' && typeof data.pid === 'string') await refreshHasChild(tx, [data.pid]);
    },
    async beforeDelete({ db, ids }) {
      const [child] = await db
        .select({ id: sysCategory.id })
        .from(sysCategory)
        .where(and(inArray(sysCategory.pid, ids), sql`${sysCategory.id} not in ${ids}`))
        .limit(1);
      if (child) throw new BizError(CATEGORY_MSG.hasChildren);
    },
  },
  override: {
    add: (generated) => async (req, reply) => {
      rootPid(req);
      const answer = await generated(req, reply);
      const pid = (req.body as { pid?: string }).pid;
      if (pid) await refreshHasChild(req.server.db, [pid]);
      return answer;
    },
    edit: (generated) => async (req, reply) => {
      const toRoot = rootPid(req);
      const id = String((req.body as { id?: unknown }).id ?? '');
      const before = id ? await byId(req.server.db, id) : undefined;
      const answer = await generated(req, reply);
      if (before) {
        if (toRoot)
          await req.server.db.update(sysCategory).set({ pid: ROOT_PID }).where(eq(sysCategory.id, id));
        const after = await byId(req.server.db, id);
        await refreshHasChild(req.server.db, [before.pid, after?.pid ?? '']);
      }
      return answer;
    },
    delete: (generated) => afterDelete(generated, (req) => [str(req.query.id) ?? '']),
    deleteBatch: (generated) => afterDelete(generated, (req) => (str(req.query.ids) ?? '').split(',')),
  },
  routes(app, gen) {
    const db = app.db;
    const tz = app.config.timezone;

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.rootList, async (req) => {
      const q = req.query;
      const everyLevel = !!(str(q.name) || str(q.code));
      const pid = str(q.pid) ?? ROOT_PID;
      const where = and(
        gen.where(q, tz, await rowScope(req, categoryServer)),
        everyLevel ? undefined : eq(sysCategory.pid, pid),
      );
      return bare(await listEntities(db, gen.list, q, tz, { where }));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.childList, async (req) => {
      // the tree grid's children: within the caller's reach, as its roots (rootList)
      const rows = await childrenOf(
        db,
        and(eq(sysCategory.pid, str(req.query.pid) ?? ROOT_PID), await rowReach(req, categoryServer))!,
      );
      return ok(await (await gen.list.decorator(db, tz))(rows));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.getChildListBatch, async (req) => {
      // the tree grid opening several nodes at once: childList's rows for each, as one page
      const parentIds = [...new Set(requiredIds(req.query.parentIds, CATEGORY_MSG.parentIdsRequired))];
      if (parentIds.length > NODE_CAP) throw new BizError(CATEGORY_MSG.tooManyParents(NODE_CAP));
      const rows = await childrenOf(
        db,
        and(inArray(sysCategory.pid, parentIds), await rowReach(req, categoryServer))!,
      );
      const records = await (await gen.list.decorator(db, tz))(rows);
      return ok(page(records, records.length, 1, 10));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.checkCode, async (req) => {
      const code = str(req.query.code) ?? '';
      const pid = str(req.query.pid);
      const parent = pid && pid !== ROOT_PID ? await byId(db, pid) : undefined;
      if (parent && !code.startsWith(parent.code)) throw new BizError(CATEGORY_MSG.codePrefix(parent.code));
      const [taken] = await db
        .select({ id: sysCategory.id })
        .from(sysCategory)
        .where(eq(sysCategory.code, code))
        .limit(1);
      if (taken) throw new BizError('分类编码已存在');
      return ok(null, '该编码可用');
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadOne, async (req) => {
      const field = str(req.query.field);
      const val = str(req.query.val) ?? '';
      const column =
        field === 'id'
          ? sysCategory.id
          : field === 'code'
            ? sysCategory.code
            : field === 'name'
              ? sysCategory.name
              : undefined;
      if (!column) throw new BizError('查询字段只能是 id、code 或 name');
      const rows = await db.select().from(sysCategory).where(eq(column, val)).limit(2);
      if (rows.length !== 1) throw new BizError(rows.length ? '查询结果不唯一' : '未找到对应分类');
      return ok(rows[0]);
    });

    /** children of the node whose code is `pcode` (the roots for none or "0"); async=false: the whole subtree */
    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadTreeRoot, async (req) => {
      const parentId = await parentIdOf(db, str(req.query.pcode));
      if (parentId === undefined) return ok([]);
      if (req.query.async !== 'false')
        return ok((await childrenOf(db, eq(sysCategory.pid, parentId))).map(node));
      return ok(await subtree(db, parentId));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadTreeChildren, async (req) =>
      ok((await childrenOf(db, eq(sysCategory.pid, str(req.query.pid) ?? ROOT_PID))).map(node)),
    );

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadTreeData, async (req) => {
      const pairs = parseTreeCondition(req.query.condition);
      if (!pairs) throw new BizError(TREE_CONDITION_MSG);
      const conditions = pairs.map(([k, v]) => {
        const column = app.tables.column(app.tables.table('sys_category'), k);
        return sql`${column}::text = ${v}`;
      });
      const pid = str(req.query.pid);
      const parentId = pid ?? (await parentIdOf(db, str(req.query.pcode)));
      if (parentId === undefined) return ok([]);
      return ok((await childrenOf(db, and(eq(sysCategory.pid, parentId), ...conditions))).map(node));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadDictItem, async (req) => {
      const ids = (str(req.query.ids) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 500);
      if (!ids.length) return ok([]);
      const rows = await db
        .select({ id: sysCategory.id, name: sysCategory.name })
        .from(sysCategory)
        .where(inArray(sysCategory.id, ids));
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const keep = req.query.delNotExist === 'false';
      return ok(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keep ? [id] : [])));
    });

    route<{ Querystring: Q }>(app, CATEGORY_ENDPOINTS.loadAllData, async (req) => {
      const code = str(req.query.code) ?? '';
      const rows = await db
        .select({ id: sysCategory.id, name: sysCategory.name })
        .from(sysCategory)
        .where(like(sysCategory.code, `${escapeLike(code)}%`))
        .orderBy(asc(sysCategory.code))
        .limit(NODE_CAP);
      return ok(rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name })));
    });

    route(app, CATEGORY_PICK, async () => {
      const rows = await db.select().from(sysCategory).orderBy(asc(sysCategory.code)).limit(NODE_CAP);
      const byIdMap = new Map(rows.map((r) => [r.id, r]));
      const pathOf = (r: Row, depth = 0): string => {
        const parent = byIdMap.get(r.pid);
        return parent && depth < 20 ? `${pathOf(parent, depth + 1)}/${r.name}` : r.name;
      };
      return ok(rows.map((r) => ({ id: r.id, name: pathOf(r), code: r.code })));
    });
  },
};

/** Refresh the parents of deleted nodes after the generated delete. */
function afterDelete(
  generated: ResourceHandler,
  ids: (req: FastifyRequest<{ Querystring: Q }>) => string[],
): ResourceHandler {
  return async (req, reply) => {
    const db = req.server.db;
    const list = ids(req as FastifyRequest<{ Querystring: Q }>).filter(Boolean);
    const parents = list.length
      ? await db.select({ pid: sysCategory.pid }).from(sysCategory).where(inArray(sysCategory.id, list))
      : [];
    const answer = await generated(req, reply);
    await refreshHasChild(
      db,
      parents.map((p) => p.pid),
    );
    return answer;
  };
}

/** The id under which the nodes of `pcode` hang: the root for none or "0"; undefined for an unknown code. */
async function parentIdOf(db: Db, pcode: string | undefined): Promise<string | undefined> {
  if (!pcode || pcode === ROOT_PID) return ROOT_PID;
  const [row] = await db
    .select({ id: sysCategory.id })
    .from(sysCategory)
    .where(eq(sysCategory.code, pcode))
    .limit(1);
  return row?.id;
}

/** The whole subtree under a parent id as nested nodes (by code prefix: one query). */
async function subtree(db: Db, parentId: string): Promise<CategoryNode[]> {
  const parent = parentId === ROOT_PID ? undefined : await byId(db, parentId);
  const rows = await db
    .select()
    .from(sysCategory)
    .where(
      parent
        ? and(like(sysCategory.code, `${escapeLike(parent.code)}%`), ne(sysCategory.id, parent.id))
        : undefined,
    )
    .orderBy(asc(sysCategory.code))
    .limit(NODE_CAP);
  const nodes = new Map<string, CategoryNode>(rows.map((r) => [r.id, { ...node(r), children: [] }]));
  const top: CategoryNode[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const p = nodes.get(r.pid);
    if (p) p.children!.push(n);
    else if (r.pid === parentId) top.push(n);
  }
  for (const n of nodes.values()) if (!n.children!.length) n.children = null;
  return top;
}

import type { FastifyInstance } from 'fastify';
import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { TREE_CONDITION_MSG, parseTreeCondition } from '../../../shared/tree-condition.ts';
import { verifySignature } from '../../lib/http/dict-sign.ts';
import { str } from '../../lib/query/query-generator.ts';
import { BizError, fail, ok } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { allowed, columnsOf, DICT_LOAD_MSG, resolveDict, toModels } from '../../repos/dict-source.ts';
import type { AllowedTable, TableAllowList } from '../../lib/query/table-allowlist.ts';
import { caller } from '../../plugins/auth.ts';
import { CODE, MSG } from '../../../shared/api.ts';

/** Most rows a whole-table dictionary or one tree level answers. */
export const DICT_ROW_CAP = 1000;

type Q = Record<string, string | undefined>;

/** `column = value` compared as text, so any column type takes any bound value without a cast error. */
export const textEq = (col: PgColumn, value: string): SQL => sql`${col}::text = ${value}`;

/** Equality conditions of a tree request's `condition` (JSON object), columns through the allow-list. */
export function conditionWhere(tables: TableAllowList, spec: AllowedTable, condition: string | undefined) {
  const pairs = parseTreeCondition(condition);
  if (!pairs) throw new BizError(TREE_CONDITION_MSG);
  return pairs.map(([k, v]) => textEq(tables.column(spec, k), v));
}

/**
 * The dictionary reads of JeecgBoot clients (jeecg-api.md §6.5): `getDictItems/{dict}` (every item,
 * disabled ones too, of a code or an allow-listed `table,text,code`), `getDictText/{dict}/{key}` and
 * `loadTreeData` (one level of a tree table, TreeSelectModel). Signed calls are verified when a
 * secret is configured.
 */
export default async function dictReadRoutes(app: FastifyInstance) {
  const db = app.db;
  const preHandler = verifySignature(app.config.signatureSecret, app.config.timezone);

  route<{ Params: { dict: string } }>(
    app,
    ENDPOINTS.dict.getDictItems,
    { preHandler },
    async (req, reply) => {
      const source = resolveDict(app.tables, req.params.dict, req, db);
      if (!allowed(req, reply, source)) return reply;
      const q = columnsOf(db, source, { allItems: true });
      return ok(toModels(await q.select(undefined, DICT_ROW_CAP)));
    },
  );

  route<{ Params: { dict: string; key: string } }>(app, ENDPOINTS.dict.getDictText, async (req, reply) => {
    const source = resolveDict(app.tables, req.params.dict, req, db);
    if (!allowed(req, reply, source)) return reply;
    const q = columnsOf(db, source, { allItems: true });
    const [row] = await q.select(textEq(q.value, req.params.key), 1);
    return ok(row?.text == null ? '' : String(row.text));
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.dict.loadTreeData, { preHandler }, async (req, reply) => {
    const q = req.query;
    const names = ['tableName', 'text', 'code', 'pidField'] as const;
    if (names.some((n) => !str(q[n]))) throw new BizError(DICT_LOAD_MSG.badCode);
    const spec = app.tables.table(str(q.tableName)!);
    if (!app.tables.readable(spec, caller(req).perms)) return reply.send(fail(MSG.noAuth, CODE.NO_AUTH));
    const text = app.tables.column(spec, str(q.text)!);
    const code = app.tables.column(spec, str(q.code)!);
    const pidCol = app.tables.column(spec, str(q.pidField)!);
    const hasChildName = str(q.hasChildField);
    const hasChild = hasChildName ? app.tables.column(spec, hasChildName) : undefined;
    const pid = str(q.pid);
    const atParent =
      pid && pid !== '0' ? textEq(pidCol, pid) : or(isNull(pidCol), inArray(sql`${pidCol}::text`, ['', '0']));
    const rows = await db
      .select({ value: code, text, pid: pidCol, ...(hasChild ? { hasChild } : {}) })
      .from(spec.table)
      .where(
        and(app.tables.rowsFor(spec, req, db), atParent, ...conditionWhere(app.tables, spec, q.condition)),
      )
      .orderBy(code)
      .limit(DICT_ROW_CAP);
    let parents = new Set<string>();
    if (!hasChild && rows.length) {
      const found = await db
        .selectDistinct({ pid: sql<string>`${pidCol}::text` })
        .from(spec.table)
        .where(
          and(
            app.tables.rowsFor(spec, req, db),
            inArray(
              sql`${pidCol}::text`,
              rows.map((r) => String(r.value)),
            ),
          ),
        );
      parents = new Set(found.map((f) => f.pid));
    }
    return ok(
      rows.map((r) => {
        const value = String(r.value);
        const leaf = hasChild
          ? String((r as { hasChild?: unknown }).hasChild ?? '') !== '1'
          : !parents.has(value);
        return {
          key: value,
          title: String(r.text ?? ''),
          value,
          parentId: r.pid == null ? '0' : String(r.pid),
          leaf,
          children: null,
        };
      }),
    );
  });

  /** jeecg-api.md §6.12: free when no other row (by id) holds the value; every row counts, deleted ones too. */
  route<{ Querystring: Q }>(app, ENDPOINTS.duplicate.check, async (req, reply) => {
    const q = req.query;
    const spec = app.tables.table(str(q.tableName) ?? '');
    if (!app.tables.readable(spec, caller(req).perms)) return reply.send(fail(MSG.noAuth, CODE.NO_AUTH));
    const column = app.tables.column(spec, str(q.fieldName) ?? '');
    const value = typeof q.fieldVal === 'string' ? q.fieldVal : '';
    if (value === '') return { ...ok(null, DUPLICATE_MSG.empty), code: CODE.ERROR };
    const dataId = str(q.dataId);
    const [taken] = await db
      .select({ id: spec.id })
      .from(spec.table)
      .where(and(textEq(column, value), dataId ? sql`${spec.id}::text <> ${dataId}` : undefined))
      .limit(1);
    return taken ? fail(DUPLICATE_MSG.taken) : ok(null, DUPLICATE_MSG.free);
  });
}

/** Answers of the duplicate check (jeecg-api.md §6.12). */
export const DUPLICATE_MSG = {
  free: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  empty: '数据为空,不作处理！',
} as const;

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CODE, MSG } from '../../../shared/api.ts';
import { PERM, type PermissionCode } from '../../../shared/permissions.ts';
import { sysDepart, sysDict, sysDictItem, sysPosition, sysUser } from '../../db/schema/index.ts';
import { escapeLike, likeOp, str } from '../../lib/query-generator.ts';
import { BizError, fail, ok } from '../../lib/result.ts';
import { caller } from '../../plugins/auth.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/route.ts';

/** Messages of the dictionary search endpoints. */
export const DICT_LOAD_MSG = {
  badCode: '字典Code格式不正确！',
  /** JeecgBoot's answer for sys_user password / salt */
  sensitive: '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!',
  table: (name: string) => `字典表 ${name} 不允许查询！`,
  column: (table: string, name: string) => `字典表 ${table} 的字段 ${name} 不允许查询！`,
} as const;

/** `pageSize` of loadDict: default and ceiling. */
export const DICT_PAGE_SIZE = { default: 10, max: 100 } as const;

/** A table that `table,text,code` dictionaries may read: its columns and the permission to read it. */
interface DictTable {
  table: PgTable;
  perm: PermissionCode;
  /** SQL column name → Drizzle column; nothing else reaches SQL */
  columns: Record<string, PgColumn>;
  /** rows every lookup is limited to (e.g. not logically deleted) */
  scope?: () => SQL | undefined;
}

/** The allow-list of table dictionaries (spec security baseline: names resolve to schema objects). */
const DICT_TABLES: Record<string, DictTable> = {
  sys_user: {
    table: sysUser,
    perm: PERM.user.select,
    columns: {
      id: sysUser.id,
      username: sysUser.username,
      realname: sysUser.realname,
      work_no: sysUser.workNo,
      phone: sysUser.phone,
    },
    scope: () => and(eq(sysUser.delFlag, 0), ne(sysUser.username, '_reserve_user_external')),
  },
  sys_depart: {
    table: sysDepart,
    perm: PERM.depart.list,
    columns: { id: sysDepart.id, depart_name: sysDepart.departName, org_code: sysDepart.orgCode },
    scope: () => eq(sysDepart.delFlag, '0'),
  },
  sys_position: {
    table: sysPosition,
    perm: PERM.position.list,
    columns: { id: sysPosition.id, code: sysPosition.code, name: sysPosition.name },
  },
};

/** Where a dictionary's items come from: a sys_dict code, or an allow-listed table. */
type DictSource =
  { kind: 'code'; code: string } | { kind: 'table'; spec: DictTable; text: PgColumn; value: PgColumn };

const CODE_PATTERN = /^[A-Za-z0-9_]{1,100}$/;

/** Resolve `{dict}` of the path; throws a BizError naming what is not allowed. */
export function resolveDict(dict: string): DictSource {
  const parts = dict.split(',').map((p) => p.trim());
  if (parts.length === 1) {
    if (!CODE_PATTERN.test(parts[0]!)) throw new BizError(DICT_LOAD_MSG.badCode);
    return { kind: 'code', code: parts[0]! };
  }
  if (parts.length !== 3 || parts.some((p) => !p)) throw new BizError(DICT_LOAD_MSG.badCode);
  const [tableName, textName, valueName] = parts as [string, string, string];
  const lower = [textName, valueName].map((n) => n.toLowerCase());
  if (tableName.toLowerCase() === 'sys_user' && lower.some((n) => n === 'password' || n === 'salt'))
    throw new BizError(DICT_LOAD_MSG.sensitive);
  const spec = Object.hasOwn(DICT_TABLES, tableName) ? DICT_TABLES[tableName] : undefined;
  if (!spec) throw new BizError(DICT_LOAD_MSG.table(tableName));
  const column = (name: string) => {
    const col = Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined;
    if (!col) throw new BizError(DICT_LOAD_MSG.column(tableName, name));
    return col;
  };
  return { kind: 'table', spec, text: column(textName), value: column(valueName) };
}

/** `pageSize` clamped to 1..100 (default 10). */
export function dictPageSize(raw: unknown): number {
  const n = Number(str(raw));
  if (!Number.isInteger(n) || n < 1) return DICT_PAGE_SIZE.default;
  return Math.min(n, DICT_PAGE_SIZE.max);
}

const splitList = (s: string | undefined): string[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 500);

interface Item {
  value: string;
  text: string;
}
const toModel = (i: Item) => ({ value: i.value, text: i.text, title: i.text, label: i.text });

/** Text and value columns plus the rows' scope of a source. */
function columnsOf(db: FastifyInstance['db'], source: DictSource) {
  if (source.kind === 'table') {
    const { spec, text, value } = source;
    return {
      text,
      value,
      select: (where: SQL | undefined, limit: number) =>
        db
          .select({ value: value, text: text })
          .from(spec.table)
          .where(and(spec.scope?.(), where))
          .orderBy(asc(text), asc(value))
          .limit(limit),
    };
  }
  return {
    text: sysDictItem.itemText,
    value: sysDictItem.itemValue,
    select: (where: SQL | undefined, limit: number) =>
      db
        .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
        .from(sysDictItem)
        .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
        .where(
          and(eq(sysDict.dictCode, source.code), eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1), where),
        )
        .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue))
        .limit(limit),
  };
}

/** Table dictionaries need the permission to read their table (the auth plugin's 510 otherwise). */
function allowed(request: FastifyRequest, reply: FastifyReply, source: DictSource): boolean {
  if (source.kind === 'code' || caller(request).perms.has(source.spec.perm)) return true;
  void reply.code(200).send(fail(MSG.noAuth, CODE.NO_AUTH));
  return false;
}

type Params = { dict: string };
type Query = Record<string, string | undefined>;

/**
 * Dictionary search for async selects (jeecg-api.md §6.5): `loadDict/{dict}?keyword&pageSize` and
 * `loadDictItem/{dict}?key=a,b`. `{dict}` is a sys_dict code or `table,text,code` over the
 * allow-list above; values are always bound.
 */
export default async function dictLoadRoutes(app: FastifyInstance) {
  const db = app.db;

  route<{ Params: Params; Querystring: Query }>(app, ENDPOINTS.dict.loadDict, async (req, reply) => {
    const source = resolveDict(req.params.dict);
    if (!allowed(req, reply, source)) return reply;
    const q = columnsOf(db, source);
    const keyword = str(req.query.keyword);
    let where: SQL | undefined;
    if (keyword?.includes(',')) {
      const list = splitList(keyword);
      where = list.length ? or(inArray(q.text, list), inArray(q.value, list)) : undefined;
    } else if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      where = or(likeOp(q.text, keyword, pattern), likeOp(q.value, keyword, pattern));
    }
    const rows = await q.select(where, dictPageSize(req.query.pageSize));
    return ok(
      rows
        .filter((r) => r.value !== null && r.text !== null)
        .map((r) => toModel({ value: String(r.value), text: String(r.text) })),
    );
  });

  route<{ Params: Params; Querystring: Query }>(app, ENDPOINTS.dict.loadDictItem, async (req, reply) => {
    const source = resolveDict(req.params.dict);
    if (!allowed(req, reply, source)) return reply;
    const keys = splitList(str(req.query.key));
    if (keys.length === 0) return ok([]);
    const q = columnsOf(db, source);
    const rows = await q.select(inArray(q.value, keys), keys.length * 2);
    const texts = new Map(rows.map((r) => [String(r.value), r.text == null ? '' : String(r.text)]));
    const keepMissing = req.query.delNotExist === 'false';
    return ok(keys.flatMap((k) => (texts.has(k) ? [texts.get(k)!] : keepMissing ? [k] : [])));
  });
}

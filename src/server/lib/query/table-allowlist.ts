/**
 * The tables and columns a request may name (table dictionaries `table,text,code`, loadTreeData,
 * duplicate check): every declared resource's table with its declared fields, plus a short explicit
 * list of system tables. A name resolves to a Drizzle table or column or is refused; nothing from a
 * request ever reaches SQL as text. Secret columns (password, salt) are never in the list.
 */
import { and, eq, getTableColumns, getTableName, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PERM, type PermissionCode } from '../../../shared/permissions.ts';
import { sysDepart, sysUser } from '../../db/schema/index.ts';
import { BizError } from '../http/result.ts';
import type { ServerResource } from '../../resources/register.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { reachScope } from '../access/row-scope.ts';
import { requestAccess, userTenantCondition } from '../access/tenant-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the tables and columns requests may name (table dictionaries, tree loads, duplicate check) */
    tables: TableAllowList;
  }
}

/** Messages of requests naming tables and columns. */
export const TABLE_MSG = {
  /** JeecgBoot's answer for sys_user password / salt */
  sensitive: '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!',
  table: (name: string) => `字典表 ${name} 不允许查询！`,
  column: (table: string, name: string) => `字典表 ${table} 的字段 ${name} 不允许查询！`,
} as const;

/** Column names never answered from any table, whatever a declaration says. */
const SECRET_COLUMNS = new Set(['password', 'salt', 'token', 'secret', 'must_change_password']);

/** A table a request may name. */
export interface AllowedTable {
  name: string;
  table: PgTable;
  /** reading it needs any one of these */
  perms: readonly PermissionCode[];
  /** SQL name and wire key → column */
  columns: Record<string, PgColumn>;
  id: PgColumn;
  /** rows lookups are limited to (not logically deleted …); duplicate checks see every row */
  scope?: () => SQL | undefined;
  /** rows a request reaches beyond `scope` (tenant, data rules: src/server/lib/access/row-scope.ts) */
  reach?: (req: FastifyRequest, db: Db) => SQL | undefined;
}

/** System tables that are no resource: only their public columns. */
function systemTables(): AllowedTable[] {
  return [
    {
      name: 'sys_user',
      table: sysUser,
      perms: [PERM.user.select, PERM.user.list],
      id: sysUser.id,
      columns: withKeys({
        id: sysUser.id,
        username: sysUser.username,
        realname: sysUser.realname,
        work_no: sysUser.workNo,
        phone: sysUser.phone,
        email: sysUser.email,
      }),
      scope: () => and(eq(sysUser.delFlag, 0), ne(sysUser.username, '_reserve_user_external')),
      reach: (req) => userTenantCondition(requestAccess(req)),
    },
    {
      name: 'sys_depart',
      table: sysDepart,
      perms: [PERM.depart.list],
      id: sysDepart.id,
      columns: withKeys({
        id: sysDepart.id,
        parent_id: sysDepart.parentId,
        depart_name: sysDepart.departName,
        org_code: sysDepart.orgCode,
      }),
      scope: () => eq(sysDepart.delFlag, '0'),
    },
  ];
}

/** Columns by SQL name plus their wire (camelCase) keys: `work_no` and `workNo`. */
function withKeys(bySql: Record<string, PgColumn>): Record<string, PgColumn> {
  const out: Record<string, PgColumn> = {};
  for (const [name, col] of Object.entries(bySql)) {
    if (SECRET_COLUMNS.has(name)) continue;
    out[name] = col;
    out[name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = col;
  }
  return out;
}

/** A resource's table with the columns of its declared fields (and id). */
function resourceTable(sr: ServerResource): AllowedTable {
  const all = getTableColumns(sr.table) as Record<string, PgColumn>;
  const bySql: Record<string, PgColumn> = {};
  for (const key of ['id', ...sr.resource.decl.fields.map((f) => f.key)]) {
    const col = all[key];
    if (col) bySql[col.name] = col;
  }
  return {
    name: getTableName(sr.table),
    table: sr.table,
    perms: [sr.resource.perms.list],
    columns: withKeys(bySql),
    id: all.id!,
    scope: sr.scope,
    reach: (req) => reachScope(req, sr),
  };
}

/** The allow-list of an app: its resources' tables and the system tables. */
export class TableAllowList {
  private readonly tables = new Map<string, AllowedTable>();

  constructor(resources: readonly ServerResource[]) {
    for (const t of [...systemTables(), ...resources.map(resourceTable)])
      if (!this.tables.has(t.name)) this.tables.set(t.name, t);
  }

  /** The table of a name; refused (BizError) when not listed. */
  table(name: string): AllowedTable {
    const t = this.tables.get(name);
    if (!t) throw new BizError(TABLE_MSG.table(name));
    return t;
  }

  /** A column of a listed table; secret names get JeecgBoot's sensitive-field answer. */
  column(t: AllowedTable, name: string): PgColumn {
    if (isSecret(name)) throw new BizError(TABLE_MSG.sensitive);
    const col = Object.hasOwn(t.columns, name) ? t.columns[name] : undefined;
    if (!col) throw new BizError(TABLE_MSG.column(t.name, name));
    return col;
  }

  /** The rows of a table a request may look up (fixed scope and the request's reach). */
  rowsFor(t: AllowedTable, req: FastifyRequest, db: Db): SQL | undefined {
    return and(t.scope?.(), t.reach?.(req, db));
  }

  /** Whether the caller may read a table. */
  readable(t: AllowedTable, perms: ReadonlySet<string>): boolean {
    return t.perms.some((p) => perms.has(p));
  }
}

/** password, salt, …: in any case, quoted or with surrounding blanks. */
export const isSecret = (name: string): boolean =>
  SECRET_COLUMNS.has(
    name
      .trim()
      .replace(/^["`]|["`]$/g, '')
      .toLowerCase(),
  );

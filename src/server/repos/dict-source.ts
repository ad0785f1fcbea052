/**
 * Where a dictionary's items come from (jeecg-api.md §6.5): a sys_dict code, or `table,text,code`
 * over the table allow-list (src/server/lib/query/table-allowlist.ts). Shared by the dictionary calls.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CODE, MSG } from '../../shared/api.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { BizError, fail } from '../lib/http/result.ts';
import { TABLE_MSG, type AllowedTable, type TableAllowList } from '../lib/query/table-allowlist.ts';
import { caller } from '../plugins/auth.ts';

/** Messages of the dictionary calls. */
export const DICT_LOAD_MSG = {
  badCode: '字典Code格式不正确！',
  emptyCode: '字典Code不能为空!',
  ...TABLE_MSG,
} as const;

/** A dictionary source: a sys_dict code, or an allow-listed table's text and value columns. */
export type DictSource =
  | { kind: 'code'; code: string }
  | {
      kind: 'table';
      spec: AllowedTable;
      text: PgColumn;
      value: PgColumn;
      /** the rows the request may look up (scope and reach, TableAllowList.rowsFor) */
      rows: SQL | undefined;
    };

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Resolve `{dict}` of the path; throws a BizError naming what is not allowed. */
export function resolveDict(tables: TableAllowList, dict: string, req: FastifyRequest, db: Db): DictSource {
  const parts = dict.split(',').map((p) => p.trim());
  if (parts.length === 1) {
    if (!parts[0]) throw new BizError(DICT_LOAD_MSG.emptyCode);
    if (!CODE_PATTERN.test(parts[0])) throw new BizError(DICT_LOAD_MSG.badCode);
    return { kind: 'code', code: parts[0] };
  }
  // a 4th part (JeecgBoot's raw SQL condition) is never accepted
  if (parts.length !== 3 || parts.some((p) => !p)) throw new BizError(DICT_LOAD_MSG.badCode);
  const [tableName, textName, valueName] = parts as [string, string, string];
  const spec = tables.table(tableName);
  return {
    kind: 'table',
    spec,
    text: tables.column(spec, textName),
    value: tables.column(spec, valueName),
    rows: tables.rowsFor(spec, req, db),
  };
}

export interface DictRow {
  value: string;
  text: string;
}

/** JeecgBoot's DictModel. */
export const toModel = (i: DictRow) => ({ value: i.value, text: i.text, title: i.text, label: i.text });

/**
 * Text and value columns plus a select of a source. `allItems`: sys_dict items of any status
 * (getDictItems), else enabled ones only.
 */
export function columnsOf(db: Db, source: DictSource, opts: { allItems?: boolean } = {}) {
  if (source.kind === 'table') {
    const { spec, text, value, rows } = source;
    return {
      text,
      value,
      select: (where: SQL | undefined, limit: number) =>
        db
          .select({ value, text })
          .from(spec.table)
          .where(and(rows, where))
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
          and(
            eq(sysDict.dictCode, source.code),
            eq(sysDict.delFlag, 0),
            opts.allItems ? undefined : eq(sysDictItem.status, 1),
            where,
          ),
        )
        .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue))
        .limit(limit),
  };
}

/** Rows as DictModel, without null values or texts. */
export const toModels = (rows: Array<{ value: unknown; text: unknown }>) =>
  rows
    .filter((r) => r.value !== null && r.text !== null)
    .map((r) => toModel({ value: String(r.value), text: String(r.text) }));

/** Table dictionaries need the permission to read their table (the auth plugin's 510 otherwise). */
export function allowed(request: FastifyRequest, reply: FastifyReply, source: DictSource): boolean {
  if (source.kind === 'code' || request.server.tables.readable(source.spec, caller(request).perms))
    return true;
  void reply.code(200).send(fail(MSG.noAuth, CODE.NO_AUTH));
  return false;
}

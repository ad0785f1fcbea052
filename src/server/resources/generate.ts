/**
 * The server-side derivation of a resource: its table columns, list, export sheet, JSON and lookup
 * by id, and the types its server half declares (hooks, scope, overrides, extra routes).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceField } from '../../shared/resources/define.ts';
import { displayKey, isQueryable } from '../../shared/resources/define.ts';
import { listOf } from '../../shared/resources/field-rules.ts';
import { areaText } from '../../shared/area.ts';
import { htmlText } from '../../shared/html-text.ts';
import { areaMatchAny } from '../lib/query/area-sql.ts';
import { isPicked, pickedTexts } from './picked-fields.ts';
import type { Db } from '../db/client.ts';
import { type ExportSheet } from '../lib/excel/entity-export.ts';
import { dictDecorator, entityWhere, type EntityList } from '../lib/query/entity-list.ts';
import type { EntityFields, FieldType } from '../lib/query/query-generator.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { str } from '../lib/query/query-generator.ts';
import { fromColumn, refTexts } from './field-types.ts';
import type { GeneratedResource, ServerResource } from './types.ts';

export type {
  ResourceHandler,
  OverridableEndpoint,
  WriteContext,
  SavedContext,
  TransitionContext,
  TransitionCommitted,
  ServerTransition,
  ServerResource,
  DeclaredEndpoint,
  ResourceAccess,
  GeneratedResource,
} from './types.ts';

type Row = Record<string, unknown> & { id: string };
type Query = Record<string, string | string[] | undefined>;

const QUERY_TYPE: Record<ResourceField['type'], FieldType> = {
  string: 'string',
  text: 'string',
  dict: 'string',
  enum: 'string',
  boolean: 'boolean',
  int: 'int',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  image: 'string',
  images: 'string',
  area: 'string',
  location: 'string',
  percent: 'number',
  richtext: 'string',
  ref: 'string',
  cron: 'string',
  user: 'string',
  depart: 'string',
  category: 'string',
};

/**
 * List conditions of area fields: a code matches its division and everything inside it (a province
 * code finds its districts); several codes (a `multiple` field) match when any one does.
 */
function areaConditions(
  areaFields: readonly ResourceField[],
  columns: Record<string, PgColumn>,
  query: Query,
): SQL[] {
  const out: SQL[] = [];
  for (const f of areaFields) {
    const value = str(query[f.key]);
    if (value) out.push(areaMatchAny(columns[f.key]!, listOf(value), f.multiple));
  }
  return out;
}

/**
 * The text of a field whose kind follows another (`by`): a referenced row's name for a reference
 * case, the value itself for text, nothing when the case asks for no value.
 */
async function followerTexts(db: Db, f: ResourceField, out: Array<Record<string, unknown>>) {
  const { field, cases } = f.by!;
  const names = new Map<string, Map<string, string>>();
  for (const [on, c] of Object.entries(cases))
    if (c.type === 'ref' && c.reference) {
      const ids = out.filter((json) => json[field] === on).map((json) => json[f.key]);
      names.set(on, await refTexts(db, { ...f, type: 'ref', reference: c.reference }, ids));
    }
  for (const json of out) {
    const on = String(json[field] ?? '');
    const c = cases[on];
    const v = json[f.key];
    json[`${f.key}_dictText`] =
      !c || typeof v !== 'string' || !v ? null : c.type === 'ref' ? (names.get(on)?.get(v) ?? null) : v;
  }
}

/**
 * The table's column of every declared field (a missing one is a programming error, found at
 * start); a `computed` field's SQL expression stands in its place (compared, sorted, grouped and
 * summed as a column is, never written).
 */
export function resourceColumns(sr: ServerResource): Record<string, PgColumn> {
  const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
  const out: Record<string, PgColumn> = {};
  for (const f of [{ key: 'id', computed: false }, ...sr.resource.decl.fields]) {
    if (f.computed) {
      const expression = sr.computed?.[f.key];
      if (!expression)
        throw new Error(`resource ${sr.resource.decl.name}: computed field ${f.key} has no expression`);
      // drizzle's operators take any SQL where a column goes; values compared with it are bound
      out[f.key] = sql`(${expression()})` as unknown as PgColumn;
      continue;
    }
    const column = columns[f.key];
    if (!column) throw new Error(`resource ${sr.resource.decl.name}: table has no column for field ${f.key}`);
    out[f.key] = column;
  }
  return out;
}

const fieldsOf = new WeakMap<ServerResource, EntityFields>();

/**
 * The filter and sort allow-list of a resource (its declared fields and `id`, wire key → column):
 * the list, the super query and the data rules (lib/access/data-rules.ts) name columns only through it.
 */
export function resourceFields(sr: ServerResource): EntityFields {
  const known = fieldsOf.get(sr);
  if (known) return known;
  const columns = resourceColumns(sr);
  const fields: EntityFields = {
    // sys_tenant's id is an integer (JeecgBoot's SysTenant): filtered as one
    id: { column: columns.id!, type: columns.id!.dataType === 'number' ? 'int' : 'string' },
    ...Object.fromEntries(
      sr.resource.decl.fields.map((f) => [
        f.key,
        {
          column: columns[f.key]!,
          type: QUERY_TYPE[f.type],
          ...(!isQueryable(f) ? { filterable: false, sortable: false } : {}),
          ...(f.type === 'area' ? { area: { multiple: !!f.multiple } } : {}),
        },
      ]),
    ),
  };
  fieldsOf.set(sr, fields);
  return fields;
}

/** Derive list, sheet and JSON of a resource. */
export function generate(sr: ServerResource): GeneratedResource {
  const { decl, surfaces } = sr.resource;
  const columns = resourceColumns(sr);
  const fields = resourceFields(sr);
  const toJson = (row: Row, tz: string) => {
    const out: Record<string, unknown> = { id: row.id };
    for (const f of decl.fields) {
      const v = row[f.key];
      out[f.key] = f.type === 'datetime' ? formatDateTime(v as Date | null, tz) : fromColumn(f, v);
    }
    return out;
  };
  const dicts = Object.fromEntries(decl.fields.filter((f) => f.dict).map((f) => [f.key, f.dict!]));
  const areaFields = decl.fields.filter((f) => f.type === 'area');
  const refFields = decl.fields.filter((f) => f.type === 'ref');
  const followers = decl.fields.filter((f) => f.by);
  const pickedFields = decl.fields.filter((f) => isPicked(f.type));
  const byDict = dictDecorator(toJson, dicts);
  /** dictionary texts, then the names of areas and referenced rows */
  const decorator = async (db: Db, tz: string) => {
    const dictOf = await byDict(db, tz);
    return async (rows: Row[]) => {
      const out = dictOf(rows) as Array<Record<string, unknown>>;
      for (const f of areaFields)
        for (const json of out) {
          const v = json[f.key];
          json[`${f.key}_dictText`] = typeof v === 'string' && v ? listOf(v).map(areaText).join('，') : null;
        }
      for (const f of refFields) {
        const names = await refTexts(
          db,
          f,
          out.map((json) => json[f.key]),
        );
        for (const json of out) {
          const v = json[f.key];
          json[`${f.key}_dictText`] = typeof v === 'string' ? (names.get(v) ?? null) : null;
        }
      }
      for (const f of pickedFields) {
        const names = await pickedTexts(
          db,
          f,
          out.flatMap((json) => listOf(json[f.key] ?? '')),
        );
        for (const json of out) {
          const ids = listOf(json[f.key] ?? '');
          const text = ids.flatMap((id) => names.get(id) ?? []).join(',');
          json[`${f.key}_dictText`] = text || null;
        }
      }
      for (const f of followers) await followerTexts(db, f, out);
      return out;
    };
  };
  // computed fields are read with each row, under their keys
  const computedFields = decl.fields.filter((f) => f.computed);
  const readWith = computedFields.length
    ? () => Object.fromEntries(computedFields.map((f) => [f.key, sql`${columns[f.key]!}`.as(f.key)]))
    : undefined;
  const list: EntityList<PgTable, Record<string, unknown>> = {
    table: sr.table,
    ...(readWith ? { readWith } : {}),
    fields,
    defaultSort: { column: decl.defaultSort.field, order: decl.defaultSort.order },
    tieBreaker: columns.id!,
    scope: sr.scope,
    decorator: decorator as unknown as EntityList<PgTable, Record<string, unknown>>['decorator'],
  };
  const sheet: ExportSheet = {
    ...decl.sheet,
    columns: surfaces.export.map((f) => ({
      key: displayKey(f),
      title: (typeof f.export === 'object' && f.export.title) || f.title,
      width: typeof f.export === 'object' ? f.export.width : undefined,
      // a sheet holds text: rich text goes out without its markup
      ...(f.type === 'richtext' ? { text: (v) => (typeof v === 'string' ? htmlText(v) : v) } : {}),
    })),
  };
  const findById = async (db: Db, id: string, extra?: SQL) => {
    const [row] = await (readWith ? db.select({ ...getTableColumns(sr.table), ...readWith() }) : db.select())
      .from(sr.table)
      .where(and(eq(columns.id!, id), sr.scope?.(), extra))
      .limit(1);
    return row as Row | undefined;
  };
  const where = (query: Query, tz: string, rows: readonly SQL[] = []) => {
    if (!areaFields.length)
      return entityWhere(list, query, tz, [...(sr.listWhere?.(query, tz) ?? []), ...rows]);
    // area parameters match whole divisions (areaConditions), not the plain text filter
    const rest = Object.fromEntries(
      Object.entries(query).filter(([k]) => !areaFields.some((f) => f.key === k)),
    );
    return entityWhere(list, rest, tz, [
      ...(sr.listWhere?.(query, tz) ?? []),
      ...areaConditions(areaFields, columns, query),
      ...rows,
    ]);
  };
  return { list, where, sheet, toJson, findById };
}

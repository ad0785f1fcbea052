/**
 * What the server adds to the field types whose rules need data (src/shared/resources/field-rules.ts
 * checks the shape of every value, on both sides): areas must be divisions of the area tree (names
 * become codes), references must name a row the referenced resource offers, pictures must have
 * been uploaded to the field's area; locations are PostgreSQL points.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areaCodeOf } from '../../shared/area.ts';
import type { ResourceField, ResourceReference } from '../../shared/resources/define.ts';
import { RESOURCE_MSG, listOf, locationText, parseLocation } from '../../shared/resources/field-rules.ts';
import type { Db } from '../db/client.ts';
import { sysUpload } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';
import { isPicked, resolvePicked } from './picked-fields.ts';

/** Server halves by resource name, for `ref` fields (filled as resources are registered). */
const targets = new Map<string, ServerResource>();

/** Make a resource's rows referable by other resources' `ref` fields. */
export function registerReferenceTarget(sr: ServerResource): void {
  targets.set(sr.resource.decl.name, sr);
}

export function refTarget(f: ResourceField) {
  const name = f.reference?.resource ?? '';
  const sr = targets.get(name);
  if (!sr) throw new Error(`ref field ${f.key}: resource ${name} is not served`);
  const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
  return { sr, id: columns.id!, label: columns[f.reference!.label]!, columns };
}

/**
 * Refuse to delete rows another served resource refers to: every `ref` field (and every reference
 * case of a field following another) pointing at `sr` is looked up, so a new reference is guarded
 * without a hook. Rows its referrer's `scope` leaves out (logically deleted) do not count.
 */
export async function assertUnreferenced(db: Db, sr: ServerResource, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const name = sr.resource.decl.name;
  for (const referrer of targets.values()) {
    const columns = getTableColumns(referrer.table) as Record<string, PgColumn>;
    for (const f of referrer.resource.decl.fields) {
      const pointing: Array<{ reference: ResourceReference; on?: SQL }> = [];
      if (f.type === 'ref' && f.reference?.resource === name) pointing.push({ reference: f.reference });
      for (const [value, c] of Object.entries(f.by?.cases ?? {}))
        if (c.type === 'ref' && c.reference?.resource === name)
          pointing.push({ reference: c.reference, on: eq(columns[f.by!.field]!, value) });
      for (const { reference, on } of pointing) {
        const [used] = await db
          .select({ id: columns.id! })
          .from(referrer.table)
          .where(and(inArray(columns[f.key]!, [...ids]), on, referrer.scope?.()))
          .limit(1);
        if (used)
          throw new BizError(
            reference.inUse ?? RESOURCE_MSG.inUse(sr.resource.decl.title, referrer.resource.decl.title),
          );
      }
    }
  }
}

/** The names of referenced rows by id (ids of no row are left out). */
export async function refTexts(db: Db, f: ResourceField, values: unknown[]): Promise<Map<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
  if (!ids.length) return new Map();
  const { sr, id, label } = refTarget(f);
  const rows = await db
    .select({ id, label })
    .from(sr.table)
    .where(and(inArray(id, ids), sr.scope?.()));
  return new Map(rows.map((r) => [String(r.id), String(r.label ?? '')]));
}

/** A stored location (point: x longitude, y latitude) as wire text. */
export function fromColumn(f: ResourceField, v: unknown): unknown {
  if (f.type === 'location' && v && typeof v === 'object') {
    const { x, y } = v as { x: number; y: number };
    return locationText({ lat: y, lng: x });
  }
  return v ?? null;
}

/**
 * Validated values as the table's columns take them: locations become points, date-times (wall
 * clock `YYYY-MM-DD HH:mm:ss`) instants read in the application time zone `tz`.
 */
export function toColumns(
  fields: readonly ResourceField[],
  data: Record<string, unknown>,
  tz: string,
): Record<string, unknown> {
  const out = { ...data };
  for (const f of fields) {
    if (f.type === 'datetime' && typeof out[f.key] === 'string') {
      out[f.key] = sql`(${out[f.key]}::timestamp AT TIME ZONE ${tz})`;
      continue;
    }
    if (f.type !== 'location' || typeof out[f.key] !== 'string') continue;
    const parsed = parseLocation(out[f.key], f.title);
    if (typeof parsed !== 'string') out[f.key] = { x: parsed.lng, y: parsed.lat };
  }
  return out;
}

/**
 * The data checks of a resource's fields: turns area names into codes and referenced and picked
 * rows' names (as exported) into their ids in `data`, and refuses unknown areas, references to rows not offered
 * and pictures that were never uploaded.
 */
export function fieldChecks(fields: readonly ResourceField[]) {
  const areas = fields.filter((f) => f.type === 'area' && !f.system);
  const refs = fields.filter((f) => f.type === 'ref' && !f.system);
  const pictures = fields.filter((f) => (f.type === 'image' || f.type === 'images') && !f.system);
  const picked = fields.filter((f) => isPicked(f.type) && !f.system);
  return async (db: Db, data: Record<string, unknown>, original?: Record<string, unknown>): Promise<void> => {
    const sent = (f: ResourceField) => typeof data[f.key] === 'string' && data[f.key] !== '';
    // an edit sending a reference back unchanged keeps it, even if the target is no longer offered
    const changed = (f: ResourceField) => sent(f) && data[f.key] !== original?.[f.key];
    for (const f of areas.filter(sent)) {
      const codes = listOf(data[f.key]).map(areaCodeOf);
      if (codes.some((c) => c === undefined))
        throw new BizError(f.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
      data[f.key] = [...new Set(codes)].join(',');
    }
    for (const f of refs.filter(changed)) {
      const { sr, id, label } = refTarget(f);
      const value = data[f.key] as string;
      // a reference picked within another field's value (an address of the order's customer)
      const within = f.reference?.within;
      const owner = within ? (data[within.field] ?? original?.[within.field]) : undefined;
      const offered = and(
        sr.scope?.(),
        sr.pickable?.(),
        within ? eq(refTarget(f).columns[within.column]!, String(owner ?? '')) : undefined,
      );
      const [row] = await db
        .select({ id })
        .from(sr.table)
        .where(and(eq(id, value), offered))
        .limit(1);
      if (row) continue;
      // a sheet names the row as the list and the export show it: its label, when only one row has it
      const named = await db
        .select({ id })
        .from(sr.table)
        .where(and(eq(label, value), offered))
        .limit(2);
      if (named.length !== 1)
        throw new BizError(f.reference?.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
      data[f.key] = String(named[0]!.id);
    }
    for (const f of picked.filter(changed))
      data[f.key] = (await resolvePicked(db, f, listOf(data[f.key]))).join(',');
    for (const f of pictures.filter(sent)) {
      const paths = [...new Set(listOf(data[f.key]))];
      const rows = await db
        .select({ path: sysUpload.path })
        .from(sysUpload)
        .where(inArray(sysUpload.path, paths));
      if (rows.length !== paths.length) throw new BizError(RESOURCE_MSG.invalid(f.title));
    }
  };
}

/**
 * What each surface of a resource shows (list, filters, sort, search, super query, export, import,
 * form, terminal), derived from its field declarations, and the small field predicates the
 * surfaces share. Isomorphic, like define.ts.
 */
import type { ResourceDeclaration, ResourceField, ResourceFieldType, Surface } from './define.ts';
const truthy = (v: unknown) => v !== false && v !== undefined;

/** Types whose value is free text or a structure: not filtered, sorted or super-queried by default. */
const UNQUERYABLE: readonly ResourceFieldType[] = ['image', 'images', 'location', 'richtext'];
/** Types whose value means nothing in a sheet or a terminal (stored paths). */
const PICTURES: readonly ResourceFieldType[] = ['image', 'images'];

/** Types whose value is ids or codes the server names (lists carry `<key>_dictText`). */
export const PICKED: readonly ResourceFieldType[] = ['area', 'ref', 'user', 'depart', 'category'];

/** Whether the list endpoints filter and sort by a field. */
export const isQueryable = (f: ResourceField): boolean => f.queryable ?? !UNQUERYABLE.includes(f.type);

/** Whether lists carry a text beside the value (`<key>_dictText`): dictionaries, areas, references. */
export const hasDisplayText = (f: ResourceField): boolean => !!f.dict || PICKED.includes(f.type) || !!f.by;

/** The row property a column, sheet or terminal shows for a field (its text when it has one). */
export const displayKey = (f: ResourceField): string => (hasDisplayText(f) ? `${f.key}_dictText` : f.key);

/** How a filter names a referenced row no picker offers any more (a stopped partner or technician). */
export const REF_STOPPED_MARK = '（已停用）';

/**
 * The choices of a reference picker's answer: an id → name map (`getTechMap`) or rows holding `id`
 * and the reference's label field (`partnerList`), in the answer's order; a row marked `stopped`
 * (`refOptions`: held by rows, no longer offered) is named with `REF_STOPPED_MARK`.
 */
export function pickerOptions(
  result: unknown,
  label: string,
): Array<{ value: string; text: string; default?: true; stopped?: true }> {
  const rows = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : null;
  if (rows)
    return (
      rows
        .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && 'id' in r)
        // a row the picker marks `isDefault` (a customer's default address) is preselected by forms
        .map((r) => ({
          value: String(r.id),
          text: `${String(r[label] ?? r.id)}${r.stopped === true ? REF_STOPPED_MARK : ''}`,
          ...(r.isDefault === true ? { default: true as const } : {}),
          ...(r.stopped === true ? { stopped: true as const } : {}),
        }))
    );
  if (result && typeof result === 'object')
    return Object.entries(result as Record<string, unknown>).map(([value, text]) => ({
      value,
      text: String(text),
    }));
  return [];
}

/**
 * Which fields each surface shows: explicit flags win, else defaults by type and `system`; in
 * declaration order unless `order` names a surface's order.
 */
export function surfaces(
  fields: readonly ResourceField[],
  order: ResourceDeclaration['order'] = {},
): Record<Surface, ResourceField[]> {
  const pick = (test: (f: ResourceField) => boolean, keys?: readonly string[]) => {
    const picked = fields.filter(test);
    if (!keys) return picked;
    const rank = (f: ResourceField) => (keys.includes(f.key) ? keys.indexOf(f.key) : keys.length);
    return picked.sort((a, b) => rank(a) - rank(b));
  };
  const writable = (f: ResourceField) => !f.system && !f.computed && f.form !== false;
  const listed = (f: ResourceField) => (f.list === undefined ? f.type !== 'richtext' : truthy(f.list));
  return {
    list: pick(listed, order.list),
    filter: pick((f) => truthy(f.filter)),
    sort: pick(isQueryable),
    search: pick((f) => f.search === true, order.search),
    superQuery: pick(
      (f) =>
        f.superQuery === undefined
          ? isQueryable(f) && ((!f.system && !f.computed) || f.type === 'datetime')
          : f.superQuery,
      order.superQuery,
    ),
    export: pick((f) =>
      f.export === undefined
        ? (listed(f) || f.type === 'richtext') && !PICTURES.includes(f.type)
        : truthy(f.export),
    ),
    // a computed field is never written: neither imported nor in the form, whatever its flags
    import: pick((f) =>
      f.computed
        ? false
        : f.import === undefined
          ? writable(f) && !PICTURES.includes(f.type)
          : truthy(f.import),
    ),
    form: pick((f) => (f.computed ? false : f.form === undefined ? !f.system : f.form)),
    terminal: pick(
      (f) =>
        f.terminal === undefined
          ? listed(f) && f.key !== 'createBy' && !PICTURES.includes(f.type)
          : truthy(f.terminal),
      order.terminal,
    ),
  };
}

/** The menu component of a resource's screen; undefined for a sub resource without one. */
export const screenOf = (r: { decl: ResourceDeclaration }): string | undefined => r.decl.component;

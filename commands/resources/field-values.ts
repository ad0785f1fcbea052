/**
 * A declared field's value as an operator types it, turned into the value the server stores: an
 * option's or a dictionary item's text becomes its value (`--sex 女` → `2`), a reference given by
 * the name its picker offers becomes the row's id (`--technicianId 王芳`). Ids and values are
 * accepted as they are. Used by the generated add and edit (with their sub tables' rows) and by the
 * declared actions' params.
 */
import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import type { ResourceField } from '../../src/shared/resources/define.ts';
import type { CommandContext } from '../core/types.ts';

interface Choice {
  value: string;
  text: string;
}

/** The items of a dictionary (value and text). */
export async function dictChoices(ctx: CommandContext, dict: string): Promise<Choice[]> {
  const items = await invoke<Array<{ value: unknown; text: unknown }>>(
    ctx.api,
    ENDPOINTS.dict.getDictItems,
    undefined,
    { dict },
  );
  return (items ?? []).map((i) => ({ value: String(i.value), text: String(i.text) }));
}

/** The rows a reference field's picker offers, as id and name. */
export async function referenceChoices(
  ctx: CommandContext,
  f: ResourceField,
  query?: Record<string, unknown>,
) {
  const ref = f.reference!;
  const offered = await ctx.api.get<unknown>(ref.picker.path, query);
  return Array.isArray(offered)
    ? (offered as Array<Record<string, unknown>>).map((o) => ({
        id: String(o.id),
        name: String(o[ref.label]),
      }))
    : Object.entries((offered ?? {}) as Record<string, unknown>).map(([id, name]) => ({
        id,
        name: String(name),
      }));
}

/** The message of a value that is none of a field's choices. */
export const choiceError = (f: ResourceField, given: string, texts: readonly string[]) =>
  `${f.title}取值无效：${given}（可选：${texts.join('、')}）`;

/** The message of a reference name no offered row carries. */
export const referenceNotFound = (f: ResourceField, given: string) => `未找到${f.title}「${given}」`;

/**
 * A row id as the server makes them (32 hex digits, JeecgBoot's UUIDs) or as JeecgBoot's
 * snowflakes (digits): never a name an operator types.
 */
const ROW_ID = /^(?:[0-9a-f]{32}|\d{16,20})$/i;

/** The lookups of one save, shared by its fields and sub-table rows: each list is read once. */
export type Lookups = Map<string, Promise<unknown>>;

function remembered<T>(lookups: Lookups | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!lookups) return read();
  const known = lookups.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  lookups.set(key, reading);
  return reading;
}

/**
 * `text` as stored for `f` (see the module comment). `strict`: a text that is no choice, no
 * dictionary item or no offered row's id or name is refused here with a Chinese message; else it is
 * sent as typed and the server decides. `query` narrows a reference's picker (an address within its
 * customer). `lookups`: the save's shared lookups (a dictionary or picker read once per save).
 */
export async function fieldValue(
  ctx: CommandContext,
  f: ResourceField,
  text: string,
  opts: { strict?: boolean; query?: Record<string, unknown>; lookups?: Lookups } = {},
): Promise<string> {
  const given = text.trim();
  if (f.options?.length) {
    const option = f.options.find((o) => o.value === given || o.text === given);
    if (option) return option.value;
    if (opts.strict)
      throw new Error(
        choiceError(
          f,
          given,
          f.options.map((o) => o.text),
        ),
      );
    return text;
  }
  if (f.dict) {
    const dict = f.dict;
    const items = await remembered(opts.lookups, `dict:${dict}`, () => dictChoices(ctx, dict));
    const values = f.multiple ? given.split(/[,，]/).map((s) => s.trim()) : [given];
    const out = values.map((v) => {
      const item = items.find((i) => i.value === v) ?? items.find((i) => i.text === v);
      if (!item && opts.strict && items.length)
        throw new Error(
          choiceError(
            f,
            v,
            items.map((i) => i.text),
          ),
        );
      return item?.value ?? v;
    });
    return out.join(',');
  }
  if (f.reference) {
    // an id as the form's picker sends it: nothing to look up (the server checks the reference)
    if (ROW_ID.test(given)) return given;
    const key = `${f.reference.picker.path}?${JSON.stringify(opts.query ?? {})}`;
    const rows = await remembered(opts.lookups, key, () => referenceChoices(ctx, f, opts.query));
    if (rows.some((o) => o.id === given)) return given;
    const named = rows.filter((o) => o.name === given);
    if (named.length === 1) return named[0]!.id;
    if (named.length > 1) throw new Error(`有 ${named.length} 个${f.title}名为「${given}」，请用 id 指定`);
    if (opts.strict) throw new Error(referenceNotFound(f, given));
    return text;
  }
  return text;
}

/**
 * Field rights on the server (spec §6, src/shared/auth-rules.ts): what a caller may not see is
 * stripped from list, queryById and export answers; a write that sets a hidden field, or changes a
 * field the caller may only read (type "2"), is refused with a message naming the field (not
 * silently ignored: the client never offers such a write, so one arriving is no honest mistake).
 * An unchanged value sent back by a form (type "2": shown, disabled) passes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionCodes, fieldRights, permissionPrefix, type FieldRights } from '../../../shared/auth-rules.ts';
import { BizError } from '../http/result.ts';

/** Message of a refused write to a field the caller lacks the right of. */
export const FIELD_RIGHT_MSG = (title: string) => `没有权限修改字段：${title}`;

/**
 * The field rights of the caller over fields whose codes sit under the prefix of `listCode`
 * (`user:list` → `user:sex`, `user:form:phone`). No statement once the rules are cached.
 */
export async function callerFieldRights(
  app: FastifyInstance,
  req: FastifyRequest,
  listCode: string,
  fields: Iterable<string>,
): Promise<FieldRights> {
  const perms = req.auth?.perms ?? new Set<string>();
  return fieldRights(
    permissionPrefix(listCode),
    fields,
    (code) => perms.has(code),
    await app.authCache.buttonRules(),
  );
}

/** Remove hidden fields (and their `_dictText` siblings) from answer rows, in place. */
export function stripHidden<R extends Record<string, unknown>>(rights: FieldRights, rows: R[]): R[] {
  if (!rights.hidden.size) return rows;
  for (const row of rows)
    for (const f of rights.hidden) {
      delete row[f];
      delete row[`${f}_dictText`];
    }
  return rows;
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Refuse a write touching a field the caller may not write: `data` the values sent, `original` the
 * row before an edit (absent on add, where any non-empty value counts), `title` a field's label.
 */
export function assertWritableFields(
  rights: FieldRights,
  data: Record<string, unknown>,
  original: Record<string, unknown> | undefined,
  title: (key: string) => string,
): void {
  for (const f of [...rights.hidden, ...rights.readonly]) {
    if (!Object.hasOwn(data, f) || data[f] === undefined) continue;
    const before = original ? original[f] : undefined;
    if (same(data[f], before)) continue;
    throw new BizError(FIELD_RIGHT_MSG(title(f)));
  }
}

/**
 * The type "1" field rights of a resource as code → the answer keys they hide (the field and its
 * `_dictText`): what realtime rows leave out for a socket whose user lacks the code.
 */
export async function hiddenByCode(
  app: FastifyInstance,
  listCode: string,
  fields: Iterable<string>,
): Promise<Record<string, string[]>> {
  const prefix = permissionPrefix(listCode);
  const keys = new Set(fields);
  const out: Record<string, string[]> = {};
  for (const rule of await app.authCache.buttonRules()) {
    if (rule.status === '0' || (rule.type ?? '1') !== '1') continue;
    for (const code of actionCodes(rule.action)) {
      if (!code.startsWith(prefix)) continue;
      const field = code.slice(prefix.length).replace(/^form:/, '');
      if (keys.has(field)) out[code] = [field, `${field}_dictText`];
    }
  }
  return out;
}

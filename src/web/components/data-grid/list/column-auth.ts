/**
 * Column and toolbar permissions of spec §6, over the permission lists the server sent at sign-in
 * (`auth`: the caller's rights; `allAuth`: every right the system defines, with its status). The
 * rules themselves are shared with the server (src/shared/auth-rules.ts).
 */
import {
  fieldRights,
  hiddenToolbarButtons as toolbarRule,
  holdsIn,
  type AuthEntry,
  type FieldRights,
} from '../../../../shared/auth-rules.ts';
import { SESSION_KEYS } from '../../../lib/storage.ts';

/**
 * Column-level rule: a field right whose action is `<prefix><field>` (or `<prefix>form:<field>`),
 * enabled in `allAuth`, of type "1" and absent from the caller's `auth`, hides that column. With
 * `fields` only those names count; without, every name under the prefix does.
 */
export function hiddenFields(
  prefix: string,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
  fields?: Iterable<string>,
): Set<string> {
  return new Set(fieldRightsOf(prefix, auth, allAuth, fields).hidden);
}

/** Hidden (type "1") and disabled (type "2") fields of a prefix for the stored rights. */
export function fieldRightsOf(
  prefix: string,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
  fields?: Iterable<string>,
): FieldRights {
  const names =
    fields ??
    allAuth.flatMap((e) =>
      e.action
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c.startsWith(prefix))
        .map((c) => c.slice(prefix.length).replace(/^form:/, '')),
    );
  return fieldRights(prefix, names, holdsIn(auth), allAuth);
}

/**
 * The toolbar buttons excluded by an auth prefix: a code `authPre:add` the system defines (enabled)
 * but the caller lacks hides 新增; `authPre:batch_delete` hides 删除 (and remove).
 */
export const hiddenToolbarButtons = toolbarRule;

/** The stored rights (sessionStorage, written at sign-in). */
export function storedAuth(): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
  const read = (key: string): AuthEntry[] => {
    try {
      const v = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(v) ? (v as AuthEntry[]) : [];
    } catch {
      return [];
    }
  };
  return { auth: read(SESSION_KEYS.auth), allAuth: read(SESSION_KEYS.allAuth) };
}

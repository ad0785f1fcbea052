/**
 * Column and toolbar permissions of spec §6, over the permission lists the server sent at sign-in
 * (`auth`: the caller's rights; `allAuth`: every right the system defines, with its status).
 */
import type { AuthEntry } from '../../../lib/session.ts';
import { SESSION_KEYS } from '../../../lib/storage.ts';

const FIELD = '1';
const enabled = (e: AuthEntry) => e.status !== '0';

/**
 * Column-level rule: a field right (type "1") whose action starts with the table prefix, enabled
 * in `allAuth` but absent from the caller's `auth`, hides that column. Returns the hidden field
 * names (the action after the prefix).
 */
export function hiddenFields(prefix: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]) {
  const own = new Set(auth.filter((e) => e.type === FIELD).map((e) => e.action));
  const hidden = new Set<string>();
  for (const e of allAuth) {
    if (e.type !== FIELD || !enabled(e) || !e.action.startsWith(prefix) || own.has(e.action)) continue;
    hidden.add(e.action.slice(prefix.length));
  }
  return hidden;
}

/** Toolbar buttons of an editable grid and the codes that hide them under `authPre:` (spec §6). */
const TOOLBAR_CODES: Record<string, string[]> = {
  add: ['add'],
  batch_delete: ['remove', 'batch_delete'],
};

/**
 * The toolbar buttons excluded by an auth prefix: a code `authPre:add` the system defines (enabled)
 * but the caller lacks hides 新增; `authPre:batch_delete` hides 删除 (and remove).
 */
export function hiddenToolbarButtons(
  authPre: string | undefined,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): Set<string> {
  const out = new Set<string>();
  if (!authPre) return out;
  const own = new Set(auth.map((e) => e.action));
  for (const [code, buttons] of Object.entries(TOOLBAR_CODES)) {
    const action = `${authPre}:${code}`;
    const defined = allAuth.some((e) => e.action === action && enabled(e));
    if (defined && !own.has(action)) buttons.forEach((b) => out.add(b));
  }
  return out;
}

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

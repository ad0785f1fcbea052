/**
 * The `has` rules of spec §6 over the two permission lists of getUserPermissionByToken
 * (jeecg-api.md §4.1): `auth`, the caller's own enabled button rows, and `allAuth`, every button
 * row the system defines with its status. One implementation for the client (what to hide or
 * disable) and the server (what to strip from answers and refuse in writes).
 *
 * - type "1" (显示): an element needing the code is removed unless the caller holds it;
 * - type "2" (禁用): the element stays but is disabled unless the caller holds it;
 * - an `allAuth` row with status "0" switches its rule off: the element is open to everyone;
 * - a row's action may be a comma list (`user:add,user:edit`): each code counts on its own;
 * - a code no enabled row defines is no rule at all (`hasAuth` still needs it in `auth`, as
 *   JeecgBoot's `v-has`; `isDisabledByAuth` leaves it enabled).
 *
 * Field rights (JeecgBoot's `colAuthFilter(columns, 'user:')` and form codes): a row whose action is
 * `<prefix><field>` or `<prefix>form:<field>` governs that field of the resource whose permission
 * prefix is `<prefix>` (`user:` for `user:list`). Type "1" lacking: the column and the form field
 * are hidden and the server strips the field from list, queryById and export answers and refuses a
 * write to it. Type "2" lacking: the form field is disabled and the server refuses a write that
 * changes it (the value stays readable).
 */

/** One entry of `auth` / `allAuth`. */
export interface AuthEntry {
  action: string;
  /** "1" show (hidden when not granted), "2" editable (disabled when not granted) */
  type?: string;
  /** "0" switches the rule off for everyone (allAuth only) */
  status?: string;
  describe?: string;
}

const TYPE_SHOW = '1';
const TYPE_DISABLE = '2';
/** The infix of form field codes (`user:form:phone`). */
const FORM = 'form:';

/** The codes of an action (a comma list). */
export const actionCodes = (action: string | null | undefined): string[] =>
  (action ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

const enabled = (e: AuthEntry) => e.status !== '0';

/** Codes of the entries satisfying `test`. */
function codesOf(entries: readonly AuthEntry[], test: (e: AuthEntry) => boolean): Set<string> {
  const out = new Set<string>();
  for (const e of entries) if (test(e)) for (const c of actionCodes(e.action)) out.add(c);
  return out;
}

/**
 * `v-has`: whether an element needing `code` (a comma list: any one suffices) is shown. A code
 * whose `allAuth` row is switched off (status "0") is open to everyone; otherwise the caller's
 * `auth` must hold it in a row not of type "2".
 */
export function hasAuth(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  const codes = actionCodes(code);
  const off = codesOf(allAuth, (e) => e.type !== TYPE_DISABLE && e.status === '0');
  if (codes.some((c) => off.has(c))) return true;
  const own = codesOf(auth, (e) => e.type !== TYPE_DISABLE);
  return codes.some((c) => own.has(c));
}

/**
 * `disabledAuthFilter`: whether an element needing `code` is disabled: an enabled type "2" row of
 * `allAuth` defines it and the caller's `auth` lacks it. A code defined by no enabled type "2" row
 * never disables.
 */
export function isDisabledByAuth(
  code: string,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): boolean {
  const codes = actionCodes(code);
  const off = codesOf(allAuth, (e) => e.type === TYPE_DISABLE && e.status === '0');
  if (codes.some((c) => off.has(c))) return false;
  const defined = codesOf(allAuth, (e) => e.type === TYPE_DISABLE && enabled(e));
  if (!codes.some((c) => defined.has(c))) return false;
  const own = codesOf(auth, () => true);
  return !codes.some((c) => own.has(c));
}

/** The type of the enabled `allAuth` rule defining `code` ("1"/"2"), or undefined. */
export function ruleType(code: string, allAuth: readonly AuthEntry[]): string | undefined {
  const e = allAuth.find((x) => enabled(x) && actionCodes(x.action).includes(code));
  return e ? (e.type ?? TYPE_SHOW) : undefined;
}

/** What the caller may not see or change among a resource's fields. */
export interface FieldRights {
  /** type "1" lacking: not shown, not answered, not written */
  hidden: ReadonlySet<string>;
  /** type "2" lacking: shown, disabled in forms, not written */
  readonly: ReadonlySet<string>;
}

/** No field governed. */
export const NO_FIELD_RIGHTS: FieldRights = { hidden: new Set(), readonly: new Set() };

/**
 * The field rights of a resource for a caller: `prefix` is the resource's permission prefix with
 * its colon (`user:`), `holds` whether the caller holds a code, `fields` the resource's field keys
 * (other codes under the prefix, `user:add`, are buttons, not fields). `holds(code, type)`: the
 * server asks its session codes; the client its `auth` entries of that type (`holdsIn`), as
 * JeecgBoot's `getNoAuthCols` counts only the caller's type "1" entries for a column.
 */
export function fieldRights(
  prefix: string,
  fields: Iterable<string>,
  holds: (code: string, type: string) => boolean,
  allAuth: readonly AuthEntry[],
): FieldRights {
  const keys = new Set(fields);
  const hidden = new Set<string>();
  const readonly = new Set<string>();
  for (const e of allAuth) {
    if (!enabled(e)) continue;
    for (const code of actionCodes(e.action)) {
      if (!code.startsWith(prefix)) continue;
      const rest = code.slice(prefix.length);
      const field = rest.startsWith(FORM) ? rest.slice(FORM.length) : rest;
      const type = e.type ?? TYPE_SHOW;
      if (!keys.has(field) || holds(code, type)) continue;
      if (type === TYPE_DISABLE) readonly.add(field);
      else hidden.add(field);
    }
  }
  for (const f of hidden) readonly.delete(f);
  return { hidden, readonly };
}

/** The permission prefix of a resource from its list code (`user:list` → `user:`). */
export const permissionPrefix = (listCode: string): string => listCode.slice(0, listCode.indexOf(':') + 1);

/** Whether the caller's `auth` holds a code in an entry of a type (comma lists split). */
export const holdsIn =
  (auth: readonly AuthEntry[]) =>
  (code: string, type: string): boolean =>
    codesOf(auth, (e) => (e.type ?? TYPE_SHOW) === type).has(code);

/** Toolbar buttons of a grid and the codes under its auth prefix that hide them (spec §6). */
const TOOLBAR_CODES: Readonly<Record<string, readonly string[]>> = {
  add: ['add'],
  batch_delete: ['remove', 'batch_delete'],
};

/**
 * The grid toolbar buttons excluded by an auth prefix: `authPre:add` that the system defines
 * (enabled) but the caller lacks hides 新增; `authPre:batch_delete` hides 删除 (and remove).
 */
export function hiddenToolbarButtons(
  authPre: string | undefined,
  auth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): Set<string> {
  const out = new Set<string>();
  if (!authPre) return out;
  const own = codesOf(auth, () => true);
  const defined = codesOf(allAuth, enabled);
  for (const [code, buttons] of Object.entries(TOOLBAR_CODES)) {
    const action = `${authPre}:${code}`;
    if (defined.has(action) && !own.has(action)) buttons.forEach((b) => out.add(b));
  }
  return out;
}

/**
 * Permission codes: the one list shared by the server (route guards), the seed (button rows of
 * `sys_permission`) and the client (command `permission` gates).
 *
 * Codes follow JeecgBoot's `domain:action` style. A code is granted to a user through
 * `sys_role_permission` rows that point at the `sys_permission` button row carrying it.
 *
 * A declared resource's codes are derived from its declaration (src/shared/resources/access.ts:
 * one per operation, per transition needing its own, per declared extra action), so adding an
 * action edits the declaration only; the codes of screens without a declaration are written in
 * permission-codes.ts. `PERM.<domain>` is the same object either way.
 */
import { RESOURCES } from './resources/index.ts';
import type { DomainOf } from './resources/define.ts';
import { ANONYMOUS, AUTHENTICATED, SYSTEM_PERM } from './permission-codes.ts';

export { ANONYMOUS, AUTHENTICATED };

type DeclaredResource = (typeof RESOURCES)[number];

/** The resources owning a permission domain: those with a menu page (a sub resource borrows its parent's). */
type DomainOwner = Extract<DeclaredResource, { decl: { component: string } }>;

/** `PERM.<domain>` of each declared resource: its derived codes. */
type ResourcePerms = { readonly [R in DomainOwner as DomainOf<R['decl']>]: R['perms'] };

function resourcePerms(): ResourcePerms {
  const out: Record<string, Readonly<Record<string, string>>> = {};
  for (const r of RESOURCES as readonly {
    decl: { component?: string };
    permDomain: string;
    perms: object;
  }[]) {
    if (!r.decl.component) continue;
    if (r.permDomain in out || r.permDomain in SYSTEM_PERM)
      throw new Error(`permission domain ${r.permDomain} is owned twice`);
    out[r.permDomain] = r.perms as Readonly<Record<string, string>>;
  }
  return out as ResourcePerms;
}

export const PERM: typeof SYSTEM_PERM & ResourcePerms = { ...SYSTEM_PERM, ...resourcePerms() };

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** The codes of every declared resource (sub resources' included: they are their parent's). */
type ResourceCode = DeclaredResource extends infer R
  ? R extends { perms: infer P }
    ? P[keyof P]
    : never
  : never;

/** Every real permission code of the product. */
export type PermissionCode = Leaves<typeof SYSTEM_PERM> | ResourceCode;

/** What a route or command declares it needs. */
export type PermissionRequirement = PermissionCode | typeof AUTHENTICATED | typeof ANONYMOUS;

function collect(node: unknown, out: string[]): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) collect(v, out);
  return out;
}

/** Flat list of all codes (used by the seed to check every code has a button row). */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = collect(PERM, []) as PermissionCode[];

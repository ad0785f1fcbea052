/**
 * The permission codes of a resource and the menu buttons that grant them, derived from its
 * declaration: `<domain>:<operation>` for each operation it has, `<domain>:<action>` for each
 * transition that needs a code of its own, and `<domain>:<name>` for each extra code it declares
 * (`permActions`, for endpoints written beside the resource). Adding an operation or a transition
 * edits the declaration only; the route guards, the command gates and the seeded `sys_permission`
 * button rows all read what is derived here.
 *
 * Isomorphic and free of permissions.ts: permissions.ts builds `PERM` from the declarations, so the
 * declarations must not need it.
 */
import type { ResourceOperation } from './define.ts';
import type { ResourceStates } from './transitions.ts';

/** The name of each operation's seeded button (JeecgBoot's). */
export const OPERATION_BUTTONS: Readonly<Record<ResourceOperation, string>> = {
  list: '查询',
  add: '添加',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
};

/** Operations whose buttons come before the actions', and those after (the seeded order). */
const BEFORE_ACTIONS: readonly ResourceOperation[] = ['list', 'add', 'edit', 'delete'];
const AFTER_ACTIONS: readonly ResourceOperation[] = ['export', 'import'];

/** A seeded menu button: the `sys_permission` row (menu type 2) granting one code. */
export interface PermissionButton {
  name: string;
  code: string;
}

/** What a declaration gives the derivation. */
export interface AccessDeclaration {
  name: string;
  permDomain?: string;
  permActions?: Readonly<Record<string, string>>;
  states?: ResourceStates;
  /** an append-only resource's corrections: the code `<domain>:reverse`, its button the title */
  reversal?: { title?: string };
}

/** The derived codes of a resource (by operation, action or extra name) and its buttons, in order. */
export interface DerivedAccess {
  domain: string;
  perms: Readonly<Record<string, string>>;
  buttons: readonly PermissionButton[];
  /** the code of each transition */
  transitions: Readonly<Record<string, string>>;
}

/** Derive a declaration's codes and buttons; a transition naming an unknown code is a programming error. */
export function deriveAccess(
  decl: AccessDeclaration,
  operations: ReadonlySet<ResourceOperation>,
): DerivedAccess {
  const domain = decl.permDomain ?? decl.name;
  const fail = (what: string) => {
    throw new Error(`resource ${decl.name}: ${what}`);
  };
  const code = (key: string) => `${domain}:${key}`;
  const extra = decl.permActions ?? {};
  const transitions = decl.states?.transitions ?? {};
  for (const key of Object.keys(extra))
    if ((operations as ReadonlySet<string>).has(key) || key in transitions)
      fail(`permission action ${key} is also an operation or a transition`);

  // each transition's code: its own, or the one of the operation, extra code or transition it names
  const codeOf: Record<string, string> = {};
  for (const [name, t] of Object.entries(transitions)) {
    if (!t.perm) {
      if ((operations as ReadonlySet<string>).has(name) || name in OPERATION_BUTTONS)
        fail(`transition ${name} is named like an operation: give it perm`);
      codeOf[name] = code(name);
      continue;
    }
    const target = t.perm;
    if ((operations as ReadonlySet<string>).has(target) || target in extra) codeOf[name] = code(target);
    else if (target in transitions && !transitions[target]!.perm) codeOf[name] = code(target);
    else
      fail(
        `transition ${name} uses the permission of ${target}, which is no operation, action or transition`,
      );
  }
  for (const [name, t] of Object.entries(transitions)) {
    const wanted = codeOf[name]!;
    if (t.endpoint && t.endpoint.permission !== wanted)
      fail(`transition ${name}: its endpoint needs ${t.endpoint.permission}, its code is ${wanted}`);
  }
  const own = new Set(Object.values(codeOf));
  for (const s of decl.states?.setters ?? [])
    if (!own.has(s.endpoint.permission))
      fail(`state setter ${s.endpoint.path} needs ${s.endpoint.permission}, no transition's code`);

  const perms: Record<string, string> = {};
  const buttons: PermissionButton[] = [];
  const button = (key: string, name: string) => {
    perms[key] = code(key);
    buttons.push({ name, code: code(key) });
  };
  for (const op of BEFORE_ACTIONS) if (operations.has(op)) button(op, OPERATION_BUTTONS[op]);
  // the actions: transitions' codes in declaration order (a shared one named by its users' titles),
  // then the extra codes not used by a transition
  const seen = new Set(buttons.map((b) => b.code));
  for (const name of Object.keys(transitions)) {
    const c = codeOf[name]!;
    const key = c.slice(domain.length + 1);
    if (seen.has(c) || (operations as ReadonlySet<string>).has(key)) continue;
    seen.add(c);
    const users = Object.keys(transitions).filter((n) => codeOf[n] === c);
    button(key, extra[key] ?? users.map((n) => transitions[n]!.title).join('/'));
  }
  for (const [key, name] of Object.entries(extra)) if (!seen.has(code(key))) button(key, name);
  if (decl.reversal) {
    if ('reverse' in extra || 'reverse' in transitions) fail('reverse is the code of its reversal');
    button('reverse', decl.reversal.title ?? '冲正');
  }
  for (const op of AFTER_ACTIONS) if (operations.has(op)) button(op, OPERATION_BUTTONS[op]);
  return { domain, perms, buttons, transitions: codeOf };
}

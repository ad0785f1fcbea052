/**
 * Data rules applied (jeecg-api.md §4.4): the active rules a user holds through the grants of their
 * roles and department roles on the menu behind a resource (the menu whose `component` is the resource's) become conditions
 * of that resource's list and export. A rule names a column only through the resource's allow-list
 * (`resourceFields`) and its value is bound. Saving a rule is refused for a menu without such a list and
 * for a column that is no field of it. A rule that cannot be applied all the same (a raw-SQL rule or
 * a column put in by hand, a value that does not fit the field, an empty system variable) hides every
 * row rather than none.
 *
 * Rules are cached per user in process (like the sessions of auth-cache.ts), so a list with warm
 * caches sends no statement for them; any change to rules, grants, roles, menus or a user's
 * departments drops the cache on every instance (`care_cache_changed('auth')` triggers, migrations
 * 0011, 0012 and 0013).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  PLACEHOLDER,
  RULE_CONDITIONS,
  VARIABLE_OF,
  camelColumn,
  type RuleCondition,
  type SystemVariable,
} from '../../../shared/data-rule.ts';
import type { SuperQueryRule } from '../../../shared/super-query.ts';
import type { Db } from '../../db/client.ts';
import {
  sysDepart,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysPermissionDataRule,
  sysRolePermission,
  sysUserDepart,
  sysUserRole,
} from '../../db/schema/index.ts';
import { caller, type UserRow } from '../../plugins/auth.ts';
import { resourceFields } from '../../resources/generate.ts';
import type { ServerResource } from '../../resources/types.ts';
import type { CacheEpochs } from './cache-epochs.ts';
import type { EntityFields } from '../query/query-generator.ts';
import { condition } from '../query/super-query.ts';
import { formatDateTime } from '../http/time.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** data rules of each user by menu component, cached in process */
    dataRules: DataRuleCache;
  }
}

/** A rule a user holds on a menu. */
export interface GrantedRule {
  id: string;
  column: string | null;
  conditions: string;
  value: string;
}

interface UserRules {
  /** menu component → the rules held on it */
  byComponent: Map<string, GrantedRule[]>;
  /** menu id → the rules held on it */
  byPermission: Map<string, GrantedRule[]>;
  /** org codes of the user's departments, once a rule needed them */
  orgCodes?: string[];
}

/** Users kept at most; the oldest is dropped first. */
const MAX_USERS = 10_000;

/** The rules of each user, loaded once per user and dropped with the other 'auth' caches. */
export class DataRuleCache {
  private readonly users = new Map<string, UserRules>();
  /** lookups answered from the cache and loaded (tests, diagnostics) */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.onDrop('auth', () => this.users.clear());
  }

  /** The active rules a user holds through roles, by menu component. */
  async rulesOf(userId: string): Promise<UserRules> {
    const cached = this.users.get(userId);
    if (cached) {
      this.stats.hits++;
      return cached;
    }
    this.stats.misses++;
    const generation = this.epochs.since('auth');
    const r = sysPermissionDataRule;
    // the menus the user holds with their rule ids: through roles and through department roles
    const viaRoles = this.db
      .select({ permissionId: sysRolePermission.permissionId, ruleIds: sysRolePermission.dataRuleIds })
      .from(sysRolePermission)
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
      .where(eq(sysUserRole.userId, userId));
    const viaDepartRoles = this.db
      .select({
        permissionId: sysDepartRolePermission.permissionId,
        ruleIds: sysDepartRolePermission.dataRuleIds,
      })
      .from(sysDepartRolePermission)
      .innerJoin(sysDepartRoleUser, eq(sysDepartRoleUser.droleId, sysDepartRolePermission.roleId))
      .where(eq(sysDepartRoleUser.userId, userId));
    const held = unionAll(viaRoles, viaDepartRoles).as('held');
    const rows = await this.db
      .selectDistinct({
        component: sysPermission.component,
        permissionId: sysPermission.id,
        id: r.id,
        column: r.ruleColumn,
        conditions: r.ruleConditions,
        value: r.ruleValue,
      })
      .from(held)
      .innerJoin(sysPermission, and(eq(sysPermission.id, held.permissionId), eq(sysPermission.delFlag, 0)))
      .innerJoin(
        r,
        and(
          eq(r.permissionId, sysPermission.id),
          eq(r.status, '1'),
          sql`${r.id} = ANY(string_to_array(${held.ruleIds}, ','))`,
        ),
      );
    const byComponent = new Map<string, GrantedRule[]>();
    const byPermission = new Map<string, GrantedRule[]>();
    const add = (map: Map<string, GrantedRule[]>, key: string, rule: GrantedRule) => {
      const list = map.get(key) ?? [];
      if (!list.some((x) => x.id === rule.id)) list.push(rule);
      map.set(key, list);
    };
    for (const { component, permissionId, ...rule } of rows) {
      add(byPermission, permissionId, rule);
      if (component) add(byComponent, component, rule);
    }
    const entry: UserRules = { byComponent, byPermission };
    this.keep(userId, entry, generation);
    return entry;
  }

  /** Org codes of the user's departments (#{sys_multi_org_code}), cached with the rules. */
  async orgCodesOf(userId: string, entry: UserRules): Promise<string[]> {
    if (entry.orgCodes) return entry.orgCodes;
    const generation = this.epochs.since('auth');
    const rows = await this.db
      .select({ code: sysDepart.orgCode })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
      .where(eq(sysUserDepart.userId, userId));
    entry.orgCodes = rows.map((x) => x.code).filter((c): c is string => !!c);
    this.keep(userId, entry, generation);
    return entry.orgCodes;
  }

  /** kept only when nothing changed since the load started (else the next request loads again) */
  private keep(userId: string, entry: UserRules, generation: number) {
    if (!this.epochs.unchanged('auth', generation)) return;
    if (!this.users.has(userId) && this.users.size >= MAX_USERS)
      this.users.delete(this.users.keys().next().value!);
    this.users.set(userId, entry);
  }
}

/** A rule's condition as the super query's rule (same typing, same bound values). */
const SUPER_RULE: Record<RuleCondition, SuperQueryRule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  IN: 'in',
};

/** The allow-listed field a rule column names (camelCase or snake_case), or undefined. */
export function ruleField(fields: EntityFields, column: string | null | undefined): string | undefined {
  if (!column) return undefined;
  for (const key of [column, camelColumn(column)])
    if (Object.hasOwn(fields, key) && fields[key]!.filterable !== false) return key;
  return undefined;
}

/** What the system variables of a value stand for, for one request. */
export interface RuleVariables {
  user: Pick<UserRow, 'username' | 'realname' | 'orgCode'>;
  /** the user's departments' org codes (only asked for when a rule uses them) */
  orgCodes(): Promise<string[]>;
  timezone: string;
  now?: Date;
}

/** A rule value with its system variables replaced. */
export async function resolveRuleValue(value: string, vars: RuleVariables): Promise<string> {
  const names = [...value.matchAll(PLACEHOLDER)].map((m) => VARIABLE_OF.get(m[1]!.trim()));
  const known = new Map<SystemVariable, string>();
  const now = formatDateTime(vars.now ?? new Date(), vars.timezone) ?? '';
  for (const name of new Set(names)) {
    if (!name) continue;
    const v: Record<SystemVariable, () => Promise<string> | string> = {
      userCode: () => vars.user.username,
      userName: () => vars.user.realname ?? '',
      orgCode: () => vars.user.orgCode ?? '',
      multiOrgCode: async () => (await vars.orgCodes()).join(','),
      date: () => now.slice(0, 10),
      time: () => now,
    };
    known.set(name, await v[name]());
  }
  // an unknown placeholder (refused on save; put in by hand) resolves to nothing: the rule hides all
  return value.replace(PLACEHOLDER, (_, n: string) => {
    const name = VARIABLE_OF.get(n.trim());
    return name ? (known.get(name) ?? '') : '';
  });
}

/** Matches no row: a rule that cannot be applied hides everything rather than nothing. */
const NOTHING = sql`false`;

/**
 * A list data rules apply to: the component of the menu behind it and its allow-listed fields.
 * Every generated resource is one (`resourceTarget`); lists built by hand add theirs to
 * `LIST_RULE_TARGETS` (the user list), so that a rule is never accepted for a list that ignores it.
 */
export interface RuleTarget {
  component: string;
  fields: EntityFields;
}

/** The rule target of a generated resource (undefined: the resource has no menu). */
export const resourceTarget = (sr: ServerResource): RuleTarget | undefined =>
  sr.resource.decl.component
    ? { component: sr.resource.decl.component, fields: resourceFields(sr) }
    : undefined;

/** The caller's data-rule conditions on a generated resource's list and export. */
export const dataRuleConditions = (req: FastifyRequest, sr: ServerResource): Promise<SQL[]> => {
  const target = resourceTarget(sr);
  return target ? ruleConditions(req, target) : Promise.resolve([]);
};

/**
 * The conditions of the caller's data rules on the target's menu (empty when the caller holds no
 * rule on it). A rule that cannot be applied hides every row rather than none.
 */
export async function ruleConditions(req: FastifyRequest, target: RuleTarget): Promise<SQL[]> {
  const { user } = caller(req);
  const cache = req.server.dataRules;
  const entry = await cache.rulesOf(user.id);
  const rules = entry.byComponent.get(target.component);
  if (!rules?.length) return [];
  const fields = target.fields;
  const vars: RuleVariables = {
    user,
    orgCodes: () => cache.orgCodesOf(user.id, entry),
    timezone: req.server.config.timezone,
  };
  const out: SQL[] = [];
  for (const rule of rules) {
    const rel = (RULE_CONDITIONS as readonly string[]).includes(rule.conditions)
      ? SUPER_RULE[rule.conditions as RuleCondition]
      : undefined;
    const field = ruleField(fields, rule.column);
    // a raw-SQL (or unknown) condition is never executed, and a column that is no field of the list
    // (written around the endpoint, or a field since removed) cannot be applied: either hides every row
    if (!rel || !field) {
      out.push(NOTHING);
      continue;
    }
    const value = (await resolveRuleValue(rule.value, vars)).trim();
    if (!value) {
      out.push(NOTHING);
      continue;
    }
    try {
      out.push(condition(fields, { field, rule: rel, val: value }, vars.timezone) ?? NOTHING);
    } catch {
      out.push(NOTHING);
    }
  }
  return out;
}

import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import type { EndpointContract } from '../../../shared/contracts.ts';
import { DATA_RULE_MSG } from '../../../shared/data-rule.ts';
import { ROLE_MSG } from '../../../shared/role.ts';
import {
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysPermissionDataRule,
  sysRolePermission,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { BizError, ok, okMessage } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { caller } from '../../plugins/auth.ts';
import { departPermissionIds } from '../../repos/depart-roles.ts';
import { grantedPermissionIds } from '../../repos/permissions.ts';
import {
  assertDepartRolesEditable,
  assertPermissionsWithin,
  assertRoleEditable,
  grantCaller,
  type GrantCaller,
} from '../../repos/role-grants.ts';
import { readRules } from './permission-rules.ts';

const R = sysPermissionDataRule;

/** A comma list of rule ids, trimmed, without blanks or repeats. */
export const dataRuleIds = (raw: unknown) => [
  ...new Set(
    String(raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The fields naming who holds the rules (path parameters of the GET, body fields of the POST). */
type HolderKey = 'roleId' | 'departId';
type Holder = Partial<Record<HolderKey, string>>;

/**
 * One link table whose `data_rule_ids` hold the data rules granted with a menu: the role's
 * (sys_role_permission), the department's (sys_depart_permission), the department role's
 * (sys_depart_role_permission). Everything else of the grant is the same for the three.
 */
interface RuleLink {
  get: EndpointContract;
  save: EndpointContract;
  table: PgTable;
  columns: { id: PgColumn; permissionId: PgColumn; dataRuleIds: PgColumn };
  /** the fields naming the holder; `required` ones must be given, the others narrow when given */
  keys: Array<{ name: HolderKey; column: PgColumn; required: boolean }>;
  /** the refusal of a holder that does not hold the menu */
  grantFirst: string;
  /**
   * The rules the holder may be given on the menu, when narrower than all the menu's (a department
   * role: those its department holds); the GET lists only these, the POST accepts only these.
   */
  offered?(db: Db, permissionId: string, holder: Holder): Promise<string[]>;
  offeredRefusal?: string;
  /**
   * The holder as stored, from the keys given (a department role: its own department, which a
   * `departId` given with it must be); undefined when the keys name no such holder.
   */
  stored?(db: Db, holder: Holder): Promise<Holder | undefined>;
  /** refuse when the caller may not change the holder (it holds rights beyond the caller) */
  assertEditable(db: Db, who: GrantCaller, holder: Holder): Promise<void>;
}

/** The rule ids a department holds on a menu (sys_depart_permission.data_rule_ids). */
async function departRuleIds(db: Db, permissionId: string, departId: string | undefined) {
  if (!departId) return [];
  const [row] = await db
    .select({ ids: sysDepartPermission.dataRuleIds })
    .from(sysDepartPermission)
    .where(
      and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)),
    )
    .limit(1);
  return dataRuleIds(row?.ids);
}

const EP = ENDPOINTS.dataRule;

/** The three links (jeecg-api.md §4.4). */
export const RULE_LINKS: RuleLink[] = [
  {
    get: EP.roleRules,
    save: EP.saveRoleRules,
    table: sysRolePermission,
    columns: sysRolePermission,
    keys: [{ name: 'roleId', column: sysRolePermission.roleId, required: true }],
    grantFirst: DATA_RULE_MSG.grantFirst,
    // a role holding rights beyond the caller (the admin role) is not theirs to change
    assertEditable: (db, who, h) => assertRoleEditable(db, who, h.roleId!),
  },
  {
    get: EP.departRules,
    save: EP.saveDepartRules,
    table: sysDepartPermission,
    columns: sysDepartPermission,
    keys: [{ name: 'departId', column: sysDepartPermission.departId, required: true }],
    grantFirst: DATA_RULE_MSG.departGrantFirst,
    // a department holding rights beyond the caller is not theirs to change (as saveDepartPermission)
    assertEditable: async (db, who, h) =>
      assertPermissionsWithin(db, who, await departPermissionIds(db, h.departId!), ROLE_MSG.departEditLimit),
  },
  {
    get: EP.departRoleRules,
    save: EP.saveDepartRoleRules,
    table: sysDepartRolePermission,
    columns: sysDepartRolePermission,
    // JeecgBoot finds the grant by role and menu; a department named with it must be the role's
    keys: [
      { name: 'roleId', column: sysDepartRolePermission.roleId, required: true },
      { name: 'departId', column: sysDepartRolePermission.departId, required: false },
    ],
    grantFirst: DATA_RULE_MSG.grantFirst,
    // a department role is given only rules its department holds on the menu (JeecgBoot's
    // getPermRuleListByDeptIdAndPermId)
    offered: (db, permissionId, h) => departRuleIds(db, permissionId, h.departId),
    offeredRefusal: DATA_RULE_MSG.outsideDepart,
    stored: async (db, h) => {
      if (!h.roleId) return undefined;
      const [role] = await db
        .select({ departId: sysDepartRole.departId })
        .from(sysDepartRole)
        .where(eq(sysDepartRole.id, h.roleId));
      if (!role?.departId || (h.departId && h.departId !== role.departId)) return undefined;
      return { roleId: h.roleId, departId: role.departId };
    },
    assertEditable: (db, who, h) => assertDepartRolesEditable(db, who, [h.roleId!]),
  },
];

/**
 * The grant of a menu's data rules to a role, a department or a department role: GET lists the
 * rules offered with those held (`drChecked`), POST stores the chosen ids in the link row. The grant
 * limit is the same for the three: the caller holds the menu, keeps every rule that binds them on
 * it, and may change the holder; only the menu's own (offered) rules are accepted.
 */
export default async function ruleGrantRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  const rules = (where: SQL[]) => readRules(db, tz, where);

  for (const link of RULE_LINKS) {
    const c = link.columns;
    /** the link row of the holder and menu, when every required key is given */
    const held = async (permissionId: string, holder: Holder) => {
      if (!permissionId || link.keys.some((k) => k.required && !holder[k.name])) return undefined;
      const [row] = await db
        .select({
          id: c.id,
          dataRuleIds: c.dataRuleIds,
          ...Object.fromEntries(link.keys.map((k) => [k.name, k.column])),
        })
        .from(link.table)
        .where(
          and(
            eq(c.permissionId, permissionId),
            ...link.keys.flatMap((k) => (holder[k.name] ? [eq(k.column, holder[k.name]!)] : [])),
          ),
        )
        .limit(1);
      return row as ({ id: string; dataRuleIds: string | null } & Holder) | undefined;
    };
    const offeredRules = async (permissionId: string, holder: Holder) => {
      const where = [eq(R.permissionId, permissionId)];
      if (!link.offered) return rules(where);
      const ids = await link.offered(db, permissionId, holder);
      return ids.length ? rules([...where, inArray(R.id, ids)]) : [];
    };
    const holderOf = (source: Record<string, unknown>): Holder =>
      Object.fromEntries(
        link.keys.map((k) => [k.name, typeof source[k.name] === 'string' ? source[k.name] : undefined]),
      ) as Holder;

    route<{ Params: Record<string, string> }>(app, link.get, async (req) => {
      const { permissionId = '' } = req.params;
      const given = holderOf(req.params);
      // a department role named with another department's id has nothing to offer there
      const holder = link.stored ? await link.stored(db, given) : given;
      if (!holder) throw new BizError(DATA_RULE_MSG.noRules);
      const list = await offeredRules(permissionId, holder);
      if (!list.length) throw new BizError(DATA_RULE_MSG.noRules);
      const checkedIds = dataRuleIds((await held(permissionId, holder))?.dataRuleIds).join(',');
      return ok({ datarule: list, ...(checkedIds ? { drChecked: checkedIds } : {}) });
    });

    route(app, link.save, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const permissionId = typeof body.permissionId === 'string' ? body.permissionId : '';
      const row = await held(permissionId, holderOf(body));
      if (!row) throw new BizError(link.grantFirst);
      // the holder as the link row names it (a department role's department when the body has none)
      const holder = holderOf(row);
      const ids = dataRuleIds(body.dataRuleIds);
      // the grant limit: the caller holds the menu, and every rule that binds them on it stays
      const me = caller(req).user;
      const mine = await grantedPermissionIds(db, me.id);
      if (!mine.some((h) => h.id === permissionId)) throw new BizError(DATA_RULE_MSG.menuNotHeld);
      const binding = (await app.dataRules.rulesOf(me.id)).byPermission.get(permissionId) ?? [];
      const dropped = binding.filter((r) => !ids.includes(r.id)).map((r) => r.id);
      if (dropped.length) {
        const names = await db.select({ name: R.ruleName }).from(R).where(inArray(R.id, dropped));
        throw new BizError(DATA_RULE_MSG.looser(names.map((n) => n.name)));
      }
      await link.assertEditable(db, grantCaller(req), holder);
      if (ids.length) {
        const own = new Set((await rules([eq(R.permissionId, permissionId)])).map((r) => r.id));
        if (ids.some((i) => !own.has(i))) throw new BizError(DATA_RULE_MSG.foreignRule);
        if (link.offered) {
          const offered = new Set(await link.offered(db, permissionId, holder));
          if (ids.some((i) => !offered.has(i))) throw new BizError(link.offeredRefusal!);
        }
      }
      // the three tables name the column alike (`dataRuleIds`)
      await db
        .update(link.table as typeof sysRolePermission)
        .set({ dataRuleIds: ids.length ? ids.join(',') : null })
        .where(eq(c.id, row.id));
      return okMessage(DATA_RULE_MSG.saved);
    });
  }
}

import { index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/**
 * sys_depart_permission: the menus and buttons a department may hand out to its department roles
 * (jeecg-api.md §5.4). It grants nothing by itself.
 */
export const sysDepartPermission = pgTable(
  'sys_depart_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 32 }).notNull(),
    permissionId: varchar('permission_id', { length: 32 }).notNull(),
    // every rule id of a menu may be granted (32 characters each): no length limit
    dataRuleIds: text('data_rule_ids'),
  },
  (t) => [uniqueIndex('uniq_sys_depart_permission').on(t.departId, t.permissionId)],
);

/** sys_depart_role: a role that lives inside one department. */
export const sysDepartRole = pgTable(
  'sys_depart_role',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 32 }).notNull(),
    roleName: varchar('role_name', { length: 200 }).notNull(),
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_code').on(t.departId, t.roleCode)],
);

/** sys_depart_role_user: members of a department role (always users of that department). */
export const sysDepartRoleUser = pgTable(
  'sys_depart_role_user',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    droleId: varchar('drole_id', { length: 32 }).notNull(),
  },
  (t) => [
    uniqueIndex('uniq_sys_depart_role_user').on(t.droleId, t.userId),
    index('idx_sdru_user_id').on(t.userId),
  ],
);

/**
 * sys_depart_role_permission: what a department role grants its members; always a subset of the
 * department's own sys_depart_permission rows. These grants confer rights, as role grants do.
 */
export const sysDepartRolePermission = pgTable(
  'sys_depart_role_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 32 }).notNull(),
    roleId: varchar('role_id', { length: 32 }).notNull(),
    permissionId: varchar('permission_id', { length: 32 }).notNull(),
    // every rule id of a menu may be granted (32 characters each): no length limit
    dataRuleIds: text('data_rule_ids'),
    operateDate: timestamp('operate_date', { withTimezone: true }).defaultNow(),
    operateIp: varchar('operate_ip', { length: 100 }),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_permission').on(t.roleId, t.permissionId)],
);

import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** sys_permission: menus (menu_type 0 root, 1 child) and buttons/permission codes (menu_type 2). */
export const sysPermission = pgTable(
  'sys_permission',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 32 }),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 255 }),
    permsType: varchar('perms_type', { length: 10 }).default('1'),
    sortNo: doublePrecision('sort_no').default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hideTab: boolean('hide_tab').notNull().default(false),
    description: text('description'),
    delFlag: smallint('del_flag').notNull().default(0),
    ruleFlag: smallint('rule_flag').default(0),
    status: varchar('status', { length: 2 }).default('1'),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [index('idx_sp_parent_id').on(t.parentId), index('idx_sp_perms').on(t.perms)],
);

export const sysRolePermission = pgTable(
  'sys_role_permission',
  {
    id: idColumn(),
    roleId: varchar('role_id', { length: 32 }).notNull(),
    permissionId: varchar('permission_id', { length: 32 }).notNull(),
    // every rule id of a menu may be granted (32 characters each): no length limit
    dataRuleIds: text('data_rule_ids'),
    operateIp: varchar('operate_ip', { length: 100 }),
  },
  (t) => [uniqueIndex('uniq_sys_role_permission').on(t.roleId, t.permissionId)],
);

/**
 * sys_permission_data_rule: data rules of a menu (jeecg-api.md §4.4). A role granted the menu may be
 * given some of them (`sys_role_permission.data_rule_ids`); the server then ANDs them into the list
 * and export of the resource behind the menu, as bound conditions on the resource's own fields.
 */
export const sysPermissionDataRule = pgTable(
  'sys_permission_data_rule',
  {
    id: idColumn(),
    permissionId: varchar('permission_id', { length: 32 }).notNull(),
    ruleName: varchar('rule_name', { length: 50 }).notNull(),
    ruleColumn: varchar('rule_column', { length: 50 }),
    ruleConditions: varchar('rule_conditions', { length: 50 }).notNull(),
    ruleValue: varchar('rule_value', { length: 300 }).notNull(),
    status: varchar('status', { length: 3 }).notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [index('idx_spdr_permission_id').on(t.permissionId)],
);

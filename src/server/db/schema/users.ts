import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** sys_user: back-office accounts. `password` holds an argon2id hash, or a legacy JeecgBoot hash with `salt`. */
export const sysUser = pgTable(
  'sys_user',
  {
    id: idColumn(),
    username: varchar('username', { length: 100 }).notNull(),
    realname: varchar('realname', { length: 100 }),
    password: text('password').notNull(),
    salt: varchar('salt', { length: 45 }),
    avatar: varchar('avatar', { length: 255 }),
    birthday: date('birthday', { mode: 'string' }),
    sex: smallint('sex'),
    email: varchar('email', { length: 45 }),
    phone: varchar('phone', { length: 45 }),
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(1),
    delFlag: smallint('del_flag').notNull().default(0),
    thirdId: varchar('third_id', { length: 100 }),
    thirdType: varchar('third_type', { length: 100 }),
    activitiSync: smallint('activiti_sync').default(1),
    workNo: varchar('work_no', { length: 100 }),
    post: varchar('post', { length: 100 }),
    telephone: varchar('telephone', { length: 45 }),
    userIdentity: smallint('user_identity').default(1),
    departIds: text('depart_ids'),
    relTenantIds: varchar('rel_tenant_ids', { length: 100 }),
    clientId: varchar('client_id', { length: 64 }),
    /**
     * the partner (yy_partner.id) whose staff this account is: it reaches only that partner's rows
     * of the resources declaring a partner scope (src/server/lib/access/partner-scope.ts)
     */
    partnerId: varchar('partner_id', { length: 32 }),
    /** set when someone else chose the password (import, admin reset): the user must replace it */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uniq_sys_user_username').on(t.username),
    uniqueIndex('uniq_sys_user_work_no').on(t.workNo),
    uniqueIndex('uniq_sys_user_phone').on(t.phone),
    uniqueIndex('uniq_sys_user_email').on(t.email),
    index('idx_sys_user_create_time').on(t.createTime),
    // the users list: live rows in the default order (`create_time DESC` puts NULLs first, so must
    // the index, or PostgreSQL cannot read it in that order), so page and count read only this index
    index('idx_sys_user_alive_ct')
      .on(t.createTime.desc().nullsFirst(), t.id)
      .where(sql`${t.delFlag} = 0 AND ${t.username} <> '_reserve_user_external'`),
    index('idx_sys_user_org_code').on(t.orgCode),
  ],
);

export const sysRole = pgTable(
  'sys_role',
  {
    id: idColumn(),
    roleName: varchar('role_name', { length: 200 }).notNull(),
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_role_role_code').on(t.roleCode)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    roleId: varchar('role_id', { length: 32 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_role').on(t.userId, t.roleId), index('idx_sur_role_id').on(t.roleId)],
);

export const sysTenant = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  beginDate: date('begin_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  status: smallint('status').notNull().default(1),
  ...auditColumns(),
});

export const sysPosition = pgTable(
  'sys_position',
  {
    id: idColumn(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    postRank: varchar('post_rank', { length: 2 }),
    companyId: varchar('company_id', { length: 255 }),
    sysOrgCode: varchar('sys_org_code', { length: 50 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_position_code').on(t.code)],
);

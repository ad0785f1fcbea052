import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns.ts';
import { sysUser } from './users.ts';

/**
 * sys_third_account: an identity of an external provider (OIDC subject, CAS principal) linked to an
 * account (账户绑定). `issuer` names the provider (the OIDC issuer or the CAS server's URL), so the
 * same subject at two providers is two identities. One identity links to one account; an account
 * has at most one identity per provider.
 */
export const sysThirdAccount = pgTable(
  'sys_third_account',
  {
    id: idColumn(),
    sysUserId: varchar('sys_user_id', { length: 32 })
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    /** `oidc` or `cas` (src/shared/sso.ts) */
    thirdType: varchar('third_type', { length: 20 }).notNull(),
    issuer: varchar('issuer', { length: 255 }).notNull(),
    /** the provider's stable id of the person: OIDC `sub`, CAS `user` */
    thirdUserId: varchar('third_user_id', { length: 255 }).notNull(),
    /** what the provider calls the person (name, email), for the 账户绑定 list */
    realname: varchar('realname', { length: 100 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uniq_third_account_identity').on(t.thirdType, t.issuer, t.thirdUserId),
    uniqueIndex('uniq_third_account_user_provider').on(t.sysUserId, t.thirdType, t.issuer),
    index('idx_third_account_user').on(t.sysUserId),
  ],
);

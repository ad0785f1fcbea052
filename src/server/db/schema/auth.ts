import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Access tokens: only a SHA-256 of the token is stored; 7-day absolute lifetime. */
export const sysUserToken = pgTable(
  'sys_user_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    tenantId: integer('tenant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [index('idx_sut_user_id').on(t.userId)],
);

/** Login attempts, for rate limiting failed logins across instances. */
export const sysLoginAttempt = pgTable(
  'sys_login_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('idx_sla_username_time').on(t.username, t.createdAt),
    index('idx_sla_ip_time').on(t.ip, t.createdAt),
  ],
);

/** One-time codes: image captchas (kind 'captcha', key = hashed check key) and SMS codes (kind 'sms:<mode>', key = mobile). */
export const sysVerifyCode = pgTable('sys_verify_code', {
  key: varchar('key', { length: 128 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  payload: text('payload'),
});

/**
 * Seed ledger: the key of every seed row ever applied (`user:admin`, `rp:<role>:<perm>`, …). A seed
 * run inserts only rows whose key is not here, so what an administrator deleted stays deleted.
 */
export const sysSeedLedger = pgTable('sys_seed_ledger', {
  key: varchar('key', { length: 200 }).primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a session was last used (its token's latest request, written at most once a minute per
 * session). Kept apart from sys_user_token: every change there drops the session caches of every
 * instance (migration 0011's trigger), a request's footprint must not.
 */
export const sysSessionActivity = pgTable('sys_session_activity', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's own preferences, kept on the server so they follow the account to another browser:
 * `ui` the console's look (theme, layout, multipage: src/shared/account.ts `UiPrefs`), `notify`
 * which notices alert and whether they are read aloud (`NotifyPrefs`). One row per user, written
 * only through the 账户设置 endpoints.
 */
export const sysUserPref = pgTable('sys_user_pref', {
  userId: varchar('user_id', { length: 32 }).primaryKey(),
  ui: jsonb('ui').notNull().default({}),
  notify: jsonb('notify').notNull().default({}),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { sysLog, sysLoginAttempt, sysTenant, sysUser } from '../db/schema/index.ts';
import { MSG } from '../../shared/api.ts';
import { BizError } from '../lib/http/result.ts';
import { newId } from '../lib/query/ids.ts';
import { addressKey } from '../lib/http/client-address.ts';
import { formatDateTime } from '../lib/http/time.ts';
import type { AppConfig } from '../config.ts';
import type { UserRow } from '../plugins/auth.ts';
import { issueToken } from './tokens.ts';
import { dictItems } from './dicts.ts';
import { userDeparts } from './departs.ts';
import { userJson } from './user-json.ts';

/** Failures from one address (any account names) tolerated per lock window: stops password spraying. */
const IP_FAILURE_FACTOR = 4;

/**
 * Refuse a login while the account, or the caller's address, has too many recent failures. Counted
 * in the database, so every instance agrees.
 */
export async function assertNotLocked(db: Db, username: string, ip: string, cfg: AppConfig): Promise<void> {
  const since = new Date(Date.now() - cfg.loginLockMinutes * 60_000);
  const [lastOk] = await db
    .select({ at: sysLoginAttempt.createdAt })
    .from(sysLoginAttempt)
    .where(and(eq(sysLoginAttempt.username, username), eq(sysLoginAttempt.success, true)))
    .orderBy(desc(sysLoginAttempt.createdAt))
    .limit(1);
  const from = lastOk && lastOk.at > since ? lastOk.at : since;
  const failures = (where: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(sysLoginAttempt)
      .where(and(eq(sysLoginAttempt.success, false), where))
      .then(([row]) => Number(row?.n ?? 0));
  const [byUser, byIp] = await Promise.all([
    failures(and(eq(sysLoginAttempt.username, username), gt(sysLoginAttempt.createdAt, from))),
    failures(and(eq(sysLoginAttempt.ip, addressKey(ip).slice(0, 64)), gt(sysLoginAttempt.createdAt, since))),
  ]);
  if (byUser >= cfg.loginMaxFailures || byIp >= cfg.loginMaxFailures * IP_FAILURE_FACTOR)
    throw new BizError(MSG.tooManyFailures(cfg.loginLockMinutes));
}

export async function recordAttempt(db: Db, username: string, ip: string, success: boolean): Promise<void> {
  await db
    .insert(sysLoginAttempt)
    .values({ username: username.slice(0, 100), ip: addressKey(ip).slice(0, 64), success });
}

/**
 * Account state checks shared by password and phone logins, made only after the caller proved the
 * password or the SMS code: an unknown account and a wrong secret answer alike.
 */
export function assertCanLogin(user: UserRow): void {
  if (user.delFlag === 1) throw new BizError(MSG.userDeleted);
  if (user.status === 2) throw new BizError(MSG.userFrozen);
}

/** The login result of jeecg-api.md §3.2: token, userInfo, departs, multi_depart, dictionaries, tenants. */
export async function loginResult(db: Db, user: UserRow, request: FastifyRequest, cfg: AppConfig) {
  const tenantIds = (user.relTenantIds ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  let tenantList: Array<Record<string, unknown>> | undefined;
  if (tenantIds.length) {
    const tenants = await db
      .select()
      .from(sysTenant)
      .where(and(inArray(sysTenant.id, tenantIds), eq(sysTenant.status, 1)));
    if (tenants.length === 0) throw new BizError('与该用户关联的租户均已被冻结，无法登录！');
    tenantList = tenants.map((t) => ({
      id: t.id,
      name: t.name,
      createBy: t.createBy,
      createTime: formatDateTime(t.createTime, cfg.timezone),
      beginDate: t.beginDate,
      endDate: t.endDate,
      status: t.status,
    }));
  }
  const departs = await userDeparts(db, user.id);
  let orgCode = user.orgCode;
  if (departs.length === 1) orgCode = departs[0]!.orgCode;
  else if (departs.length > 1 && !departs.some((d) => d.orgCode === orgCode)) orgCode = departs[0]!.orgCode;
  if (orgCode !== user.orgCode) await db.update(sysUser).set({ orgCode }).where(eq(sysUser.id, user.id));

  const token = await issueToken(db, user.id, cfg.tokenTtlMs, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  await db.insert(sysLog).values({
    id: newId(),
    logType: 1,
    logContent: `用户名: ${user.username},登录成功！`,
    userid: user.id,
    username: user.realname ?? user.username,
    ip: request.ip,
    createBy: user.username,
  });
  return {
    token,
    userInfo: userJson({ ...user, orgCode }, cfg.timezone),
    departs: departs.map((d) => ({
      id: d.id,
      parentId: d.parentId ?? '',
      departName: d.departName,
      departNameEn: d.departNameEn,
      departNameAbbr: d.departNameAbbr,
      departOrder: d.departOrder,
      description: d.description,
      orgCategory: d.orgCategory,
      orgType: d.orgType,
      orgCode: d.orgCode,
      mobile: d.mobile,
      fax: d.fax,
      address: d.address,
      memo: d.memo,
      status: d.status,
      delFlag: d.delFlag,
    })),
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    sysAllDictItems: await dictItems(db),
    /** the session may only replace the password (PUT /sys/user/updatePassword) until it does */
    mustChangePassword: user.mustChangePassword,
    ...(tenantList ? { tenantList } : {}),
  };
}

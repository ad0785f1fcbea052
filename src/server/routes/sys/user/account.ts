import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  CONTACT_KINDS,
  DEFAULT_NOTIFY,
  SELF_ONLY,
  changeContactSchema,
  deviceOf,
  namesOnlySelf,
  prefsPatchSchema,
  revokeSessionsSchema,
  sendContactCodeSchema,
  profileEditSchema,
  type ContactKind,
  type OwnLogin,
  type OwnSession,
  type Prefs,
} from '../../../../shared/account.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { sysLog, sysSessionActivity, sysUser, sysUserPref, sysUserToken } from '../../../db/schema/index.ts';
import { caller, type UserRow } from '../../../plugins/auth.ts';
import { route } from '../../../lib/http/route.ts';
import { BizError, ok, okMessage } from '../../../lib/http/result.ts';
import { parseWith } from '../../../lib/http/validate.ts';
import { formatDateTime } from '../../../lib/http/time.ts';
import { checkCode, liveCode, putCode, randomDigits } from '../../../lib/access/verify-codes.ts';
import { sessionIdOf } from '../../../repos/online.ts';
import { findUserById } from '../../../repos/users.ts';
import { userJson } from '../../../repos/user-json.ts';
import { publishSavedUsers } from './publish-users.ts';

/** How long a code for a new phone or e-mail lives. */
const CONTACT_CODE_TTL_MS = 600_000;

const contactColumn = { phone: sysUser.phone, email: sysUser.email } as const;
const TAKEN: Record<ContactKind, string> = { phone: '手机号已存在', email: '邮箱已存在' };
const codeKey = (userId: string, kind: ContactKind, value: string) => `bind:${kind}:${userId}:${value}`;

/**
 * 账户设置 (src/shared/account.ts): what a signed-in user changes of their own account — name,
 * avatar, sex, birthday; phone and e-mail once a code sent to the new one came back; their
 * sessions and recent sign-ins; their preferences. Every route reaches the caller's own rows only:
 * a body naming another account (`id`, `userId`, `username`) is refused, and every write is in
 * the operation log (plugins/audit.ts).
 */
export default async function accountRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  /** The caller, once the body names nobody else. */
  const selfOf = (req: FastifyRequest, body: { id?: string; userId?: string; username?: string }) => {
    const { user } = caller(req);
    if (!namesOnlySelf(body, user)) throw new BizError(SELF_ONLY);
    return user;
  };
  const fresh = async (user: UserRow) => (await findUserById(db, user.id)) ?? user;
  /** Refuse a phone or e-mail another account holds (they are unique). */
  const refuseTaken = async (kind: ContactKind, value: string, userId: string) => {
    const [taken] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(contactColumn[kind], value), ne(sysUser.id, userId)))
      .limit(1);
    if (taken) throw new BizError(TAKEN[kind]);
  };

  route(app, ENDPOINTS.self.profile, async (req) => ok(userJson(await fresh(caller(req).user), tz)));

  route(app, ENDPOINTS.self.editProfile, async (req) => {
    const body = parseWith(profileEditSchema, req.body);
    const user = selfOf(req, body);
    const [saved] = await db
      .update(sysUser)
      .set({
        realname: body.realname,
        avatar: body.avatar,
        sex: body.sex,
        birthday: body.birthday,
        updateBy: user.username,
        updateTime: new Date(),
      })
      .where(eq(sysUser.id, user.id))
      .returning();
    await publishSavedUsers(app, req, [user.id]);
    return ok(userJson(saved ?? user, tz), '保存成功！');
  });

  route(
    app,
    ENDPOINTS.self.sendContactCode,
    { config: { rateLimit: app.config.rateLimits.sms } },
    async (req) => {
      const body = parseWith(sendContactCodeSchema, req.body);
      const user = await fresh(selfOf(req, body));
      if (user[body.kind] === body.value) throw new BizError(`新${CONTACT_KINDS[body.kind]}与当前相同`);
      await refuseTaken(body.kind, body.value, user.id);
      if (body.dryRun) return okMessage(`可以改为 ${body.value}`);
      const key = codeKey(user.id, body.kind, body.value);
      if (await liveCode(db, key)) throw new BizError('验证码10分钟内，仍然有效！');
      const code = randomDigits(6);
      await putCode(db, key, code, CONTACT_CODE_TTL_MS, body.kind);
      const sent =
        body.kind === 'phone'
          ? app.sms.send(body.value, code, '3')
          : app.mail.send(body.value, {
              subject: '悦到家管理控制台：邮箱验证码',
              text: `您正在把账户 ${user.username} 的邮箱改为本邮箱，验证码：${code}，10分钟内有效。`,
              purpose: 'bind',
              code,
            });
      await sent.catch((err: Error) => {
        req.log.error({ err }, 'verification code not sent');
        throw new BizError('验证码发送失败，请稍后再试');
      });
      return okMessage(`验证码已发送到 ${body.value}`);
    },
  );

  route(app, ENDPOINTS.self.changeContact, async (req) => {
    const body = parseWith(changeContactSchema, req.body);
    const user = selfOf(req, body);
    const verdict = await checkCode(db, codeKey(user.id, body.kind, body.value), body.code, {
      consume: true,
    });
    if (verdict === 'missing') throw new BizError('验证码已失效，请重新获取');
    if (verdict === 'wrong') throw new BizError('验证码错误');
    await refuseTaken(body.kind, body.value, user.id);
    const [saved] = await db
      .update(sysUser)
      .set({ [body.kind]: body.value, updateBy: user.username, updateTime: new Date() })
      .where(eq(sysUser.id, user.id))
      .returning();
    await publishSavedUsers(app, req, [user.id]);
    return ok(userJson(saved ?? user, tz), `${CONTACT_KINDS[body.kind]}已修改`);
  });

  /** The caller's live sessions, newest first. */
  const ownSessions = (userId: string) =>
    db
      .select({ token: sysUserToken, lastUsedAt: sysSessionActivity.lastUsedAt })
      .from(sysUserToken)
      .leftJoin(sysSessionActivity, eq(sysSessionActivity.tokenHash, sysUserToken.tokenHash))
      .where(
        and(
          eq(sysUserToken.userId, userId),
          isNull(sysUserToken.revokedAt),
          gt(sysUserToken.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sysUserToken.createdAt));

  route(app, ENDPOINTS.self.sessions, async (req) => {
    const { user, tokenHash } = caller(req);
    const rows = await ownSessions(user.id);
    const sessions: OwnSession[] = rows.map(({ token, lastUsedAt }) => ({
      id: sessionIdOf(token.tokenHash),
      ip: token.ip,
      userAgent: token.userAgent,
      device: deviceOf(token.userAgent),
      loginTime: formatDateTime(token.createdAt, tz),
      lastUsed: formatDateTime(lastUsedAt ?? token.createdAt, tz),
      current: token.tokenHash === tokenHash,
    }));
    return ok(sessions);
  });

  route(app, ENDPOINTS.self.revokeSessions, async (req) => {
    const body = parseWith(revokeSessionsSchema, req.body);
    const user = selfOf(req, body);
    const mine = caller(req).tokenHash;
    const rows = await ownSessions(user.id);
    const wanted = new Set(body.ids ?? []);
    if (wanted.has(sessionIdOf(mine))) throw new BizError('不能退出当前会话，请使用退出登录');
    const targets = rows
      .map((r) => r.token.tokenHash)
      .filter((h) => h !== mine && (body.others === true || wanted.has(sessionIdOf(h))));
    if (targets.length === 0) {
      if (body.others) return okMessage('没有其他会话');
      throw new BizError('会话不存在或已退出');
    }
    const at = new Date();
    for (const hash of targets)
      await db
        .update(sysUserToken)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sysUserToken.tokenHash, hash),
            eq(sysUserToken.userId, user.id),
            isNull(sysUserToken.revokedAt),
          ),
        );
    return okMessage(`已退出 ${targets.length} 个会话`);
  });

  route(app, ENDPOINTS.self.logins, async (req) => {
    const { user } = caller(req);
    const rows = await db
      .select({ time: sysLog.createTime, ip: sysLog.ip, content: sysLog.logContent })
      .from(sysLog)
      .where(and(eq(sysLog.logType, 1), eq(sysLog.userid, user.id)))
      .orderBy(desc(sysLog.createTime))
      .limit(20);
    const logins: OwnLogin[] = rows.map((r) => ({ ...r, time: formatDateTime(r.time, tz) }));
    return ok(logins);
  });

  const prefsOf = async (userId: string): Promise<Prefs> => {
    const [row] = await db.select().from(sysUserPref).where(eq(sysUserPref.userId, userId)).limit(1);
    return {
      ui: (row?.ui ?? {}) as Prefs['ui'],
      notify: { ...DEFAULT_NOTIFY, ...((row?.notify ?? {}) as Partial<Prefs['notify']>) },
    };
  };

  route(app, ENDPOINTS.self.prefs, async (req) => ok(await prefsOf(caller(req).user.id)));

  route(app, ENDPOINTS.self.savePrefs, async (req) => {
    const body = parseWith(prefsPatchSchema, req.body);
    const user = selfOf(req, body);
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sysUserPref)
        .where(eq(sysUserPref.userId, user.id))
        .for('update')
        .limit(1);
      const ui = { ...((row?.ui ?? {}) as object), ...body.ui };
      const notify = { ...((row?.notify ?? {}) as object), ...body.notify };
      const values = { userId: user.id, ui, notify, updateTime: new Date() };
      await tx
        .insert(sysUserPref)
        .values(values)
        .onConflictDoUpdate({ target: sysUserPref.userId, set: values });
      return { ui, notify: { ...DEFAULT_NOTIFY, ...notify } } as Prefs;
    });
    return ok(saved, '设置已保存');
  });
}

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sysLog, sysUser, sysUserToken } from '../../db/schema/index.ts';
import { BizError } from '../http/result.ts';
import { newId } from '../query/ids.ts';
import { isArgon2Hash, verifyPassword } from '../access/password.ts';
import { findUserByUsername } from '../../repos/users.ts';
import { linkIdentity, linkedUser, type Identity } from '../../repos/third-accounts.ts';
import { assertCanLogin } from '../../repos/session.ts';
import { SSO_MSG } from '../../../shared/sso.ts';
import type { UserRow } from '../../plugins/auth.ts';
import type { OidcConfig } from './config.ts';
import type { OidcClaims } from './oidc.ts';
import type { CasValidation } from './cas.ts';

/** How each link claim finds an account, and the claim that must vouch for it. */
const LINK_FIELDS: Record<string, { column: 'email' | 'phone'; verifiedBy: string; label: string }> = {
  email: { column: 'email', verifiedBy: 'email_verified', label: '邮箱' },
  phone_number: { column: 'phone', verifiedBy: 'phone_number_verified', label: '手机号' },
};

/** The account a provider's sign-in is for, and whether this sign-in linked the identity (JIT). */
export interface SignedIn {
  user: UserRow;
  linkedNow: boolean;
}

export const oidcIdentity = (claims: OidcClaims): Identity => {
  const name = [claims.name, claims.email, claims.preferred_username].find((v) => typeof v === 'string');
  return {
    thirdType: 'oidc',
    issuer: claims.iss,
    thirdUserId: claims.sub,
    realname: (name as string) ?? null,
  };
};

/**
 * The account an OIDC sign-in is for: the one its identity is linked to, else (JIT) the one the
 * configured claim names, which is then linked; refused when the claim is missing or not verified
 * by the provider, or names nobody.
 */
export async function accountOfOidc(db: Db, cfg: OidcConfig, claims: OidcClaims): Promise<SignedIn> {
  const identity = oidcIdentity(claims);
  const linked = await linkedUser(db, identity);
  if (linked) {
    assertCanLogin(linked);
    return { user: linked, linkedNow: false };
  }
  const field = LINK_FIELDS[cfg.linkClaim];
  const value = claims[cfg.linkClaim];
  if (typeof value !== 'string' || !value.trim())
    throw new BizError(SSO_MSG.missingClaim(field?.label ?? cfg.linkClaim));
  if (field && claims[field.verifiedBy] !== true) throw new BizError(SSO_MSG.unverifiedClaim(field.label));
  const [user] = field
    ? await db.select().from(sysUser).where(eq(sysUser[field.column], value.trim())).limit(1)
    : [await findUserByUsername(db, value.trim())];
  if (!user || user.delFlag === 1) throw new BizError(SSO_MSG.unknownUser);
  assertCanLogin(user);
  await linkIdentity(db, user.id, identity, cfg.name);
  return { user, linkedNow: true };
}

export const casIdentity = (server: string, v: Extract<CasValidation, { ok: true }>): Identity => ({
  thirdType: 'cas',
  issuer: server,
  thirdUserId: v.user,
  realname: v.attributes.name ?? v.attributes.displayName ?? v.user,
});

/** The account of a CAS principal: linked, else (JIT) the username it or the configured attribute names. */
export async function accountOfCas(
  db: Db,
  server: string,
  providerName: string,
  usernameAttribute: string | undefined,
  v: Extract<CasValidation, { ok: true }>,
): Promise<SignedIn> {
  const identity = casIdentity(server, v);
  const linked = await linkedUser(db, identity);
  if (linked) {
    assertCanLogin(linked);
    return { user: linked, linkedNow: false };
  }
  const username = usernameAttribute ? v.attributes[usernameAttribute] : v.user;
  const user = username ? await findUserByUsername(db, username) : undefined;
  if (!user || user.delFlag === 1) throw new BizError(SSO_MSG.unknownUser);
  assertCanLogin(user);
  await linkIdentity(db, user.id, identity, providerName);
  return { user, linkedNow: true };
}

const FRESH_SESSION_MS = 5 * 60_000;

/**
 * A change of the account's sign-in methods needs its current password, or a session signed in
 * within the last five minutes.
 */
export async function assertReauthenticated(
  db: Db,
  user: UserRow,
  tokenHash: string,
  password: string | undefined,
): Promise<void> {
  if (password) {
    const check = isArgon2Hash(user.password) ? await verifyPassword(user, password) : { ok: false };
    if (!check.ok) throw new BizError(SSO_MSG.passwordWrong);
    return;
  }
  const [token] = await db
    .select({ createdAt: sysUserToken.createdAt })
    .from(sysUserToken)
    .where(eq(sysUserToken.tokenHash, tokenHash))
    .limit(1);
  if (!token || Date.now() - token.createdAt.getTime() > FRESH_SESSION_MS)
    throw new BizError(SSO_MSG.passwordRequired);
}

/**
 * An operation-log row for a change made outside a signed-in call (a link completed by the
 * provider's redirect): the audit hook writes those of signed-in calls.
 */
export async function logAccountChange(
  db: Db,
  req: FastifyRequest,
  user: UserRow,
  content: string,
  url: string,
) {
  await db.insert(sysLog).values({
    id: newId(),
    logType: 2,
    operateType: 2,
    logContent: content.slice(0, 1000),
    userid: user.id,
    username: user.realname ?? user.username,
    ip: req.ip.slice(0, 100),
    method: `api ${req.method} ${url}`.slice(0, 500),
    requestUrl: url.slice(0, 255),
    requestType: req.method,
    createBy: user.username,
  });
}

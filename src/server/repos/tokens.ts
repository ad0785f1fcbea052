import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysUser, sysUserToken } from '../db/schema/index.ts';
import { sha256 } from '../lib/query/ids.ts';

/** What every issued token looks like: 32 random bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` could have been issued here (anything else is refused without a query). */
export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/** Issue a random opaque token; only its SHA-256 is stored. */
export async function issueToken(
  db: Db,
  userId: string,
  ttlMs: number,
  meta: { ip?: string; userAgent?: string; tenantId?: number | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sysUserToken).values({
    tokenHash: sha256(token),
    userId,
    tenantId: meta.tenantId ?? null,
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
  });
  return token;
}

/** The live user behind a token: not expired, not revoked, account active. */
export async function resolveToken(db: Db, token: string) {
  if (!isTokenShaped(token)) return undefined;
  const rows = await db
    .select({ user: sysUser, tokenHash: sysUserToken.tokenHash, expiresAt: sysUserToken.expiresAt })
    .from(sysUserToken)
    .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
    .where(
      and(
        eq(sysUserToken.tokenHash, sha256(token)),
        isNull(sysUserToken.revokedAt),
        gt(sysUserToken.expiresAt, new Date()),
        eq(sysUser.delFlag, 0),
        eq(sysUser.status, 1),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Revoke one token; returns false when it was unknown or already revoked. */
export async function revokeToken(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(sysUserToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysUserToken.tokenHash, sha256(token)), isNull(sysUserToken.revokedAt)))
    .returning({ h: sysUserToken.tokenHash });
  return rows.length > 0;
}

/** Revoke every live token of a user (password change, freeze, delete). */
export async function revokeUserTokens(db: Db, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await db
      .update(sysUserToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(sysUserToken.userId, userId), isNull(sysUserToken.revokedAt)));
  }
}

/** Revoke the token stored under a hash (a CAS single logout names the session by its ticket). */
export async function revokeTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(sysUserToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysUserToken.tokenHash, tokenHash), isNull(sysUserToken.revokedAt)))
    .returning({ h: sysUserToken.tokenHash });
  return rows.length > 0;
}

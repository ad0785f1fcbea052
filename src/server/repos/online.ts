import { and, asc, count, eq, gt, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysUser, sysUserToken } from '../db/schema/index.ts';
import { sha256 } from '../lib/query/ids.ts';
import { escapeLike } from '../lib/query/query-generator.ts';

/**
 * A session's public id: derived one way from the stored token hash, so it names a session without
 * being (or leading to) the token. JeecgBoot's online list handed out live tokens.
 */
export const sessionIdOf = (tokenHash: string): string => sha256(`session:${tokenHash}`).slice(0, 32);

const live = () =>
  and(
    isNull(sysUserToken.revokedAt),
    gt(sysUserToken.expiresAt, new Date()),
    eq(sysUser.delFlag, 0),
    eq(sysUser.status, 1),
  );

/** Live sessions (not revoked, not expired, account active), oldest first; `username` filters. */
export async function liveSessions(
  db: Db,
  opts: { username?: string; offset: number; limit: number; reach?: SQL },
) {
  const where = and(
    live(),
    opts.reach,
    opts.username ? ilike(sysUser.username, `%${escapeLike(opts.username)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ token: sysUserToken, user: sysUser })
      .from(sysUserToken)
      .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
      .where(where)
      .orderBy(asc(sysUserToken.createdAt), asc(sysUserToken.tokenHash))
      .offset(opts.offset)
      .limit(opts.limit),
    db
      .select({ n: count() })
      .from(sysUserToken)
      .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Revoke the live session with this public id; answers the user it belonged to, or undefined when
 * no live session has it. The token row is revoked, so the next request with it is refused.
 */
export async function revokeSession(
  db: Db,
  sessionId: string,
  reach?: SQL,
): Promise<{ userId: string } | undefined> {
  const rows = await db
    .select({ tokenHash: sysUserToken.tokenHash, userId: sysUserToken.userId })
    .from(sysUserToken)
    .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
    .where(and(live(), reach));
  const hit = rows.find((r) => sessionIdOf(r.tokenHash) === sessionId);
  if (!hit) return undefined;
  await db
    .update(sysUserToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysUserToken.tokenHash, hit.tokenHash), isNull(sysUserToken.revokedAt)));
  return { userId: hit.userId };
}

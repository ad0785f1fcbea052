import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysThirdAccount, sysUser } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError } from '../lib/http/result.ts';
import { SSO_MSG, type ThirdType } from '../../shared/sso.ts';
import type { UserRow } from '../plugins/auth.ts';

/** An external identity: which provider, and the provider's id of the person. */
export interface Identity {
  thirdType: ThirdType;
  issuer: string;
  thirdUserId: string;
  realname?: string | null;
}

/** The account an identity is linked to, if any (deleted accounts included: login tells them apart). */
export async function linkedUser(db: Db, identity: Identity): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: sysUser })
    .from(sysThirdAccount)
    .innerJoin(sysUser, eq(sysUser.id, sysThirdAccount.sysUserId))
    .where(
      and(
        eq(sysThirdAccount.thirdType, identity.thirdType),
        eq(sysThirdAccount.issuer, identity.issuer),
        eq(sysThirdAccount.thirdUserId, identity.thirdUserId),
      ),
    )
    .limit(1);
  return row?.user;
}

/**
 * Link an identity to an account. Refused when the identity is another account's, or the account
 * has an identity of that provider already; linking the same pair again changes nothing.
 */
export async function linkIdentity(db: Db, userId: string, identity: Identity, providerName: string) {
  const existing = await linkedUser(db, identity);
  if (existing) {
    if (existing.id !== userId) throw new BizError(SSO_MSG.linkedElsewhere);
    return;
  }
  const [other] = await db
    .select({ id: sysThirdAccount.id })
    .from(sysThirdAccount)
    .where(
      and(
        eq(sysThirdAccount.sysUserId, userId),
        eq(sysThirdAccount.thirdType, identity.thirdType),
        eq(sysThirdAccount.issuer, identity.issuer),
      ),
    )
    .limit(1);
  if (other) throw new BizError(SSO_MSG.alreadyLinked(providerName));
  const inserted = await db
    .insert(sysThirdAccount)
    .values({
      id: newId(),
      sysUserId: userId,
      thirdType: identity.thirdType,
      issuer: identity.issuer,
      thirdUserId: identity.thirdUserId,
      realname: identity.realname?.slice(0, 100) ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: sysThirdAccount.id });
  // lost a race to a concurrent link of the same identity or provider
  if (inserted.length === 0) throw new BizError(SSO_MSG.linkedElsewhere);
}

/** The account's linked identities, oldest first. */
export async function identitiesOf(db: Db, userId: string) {
  return db
    .select()
    .from(sysThirdAccount)
    .where(eq(sysThirdAccount.sysUserId, userId))
    .orderBy(sysThirdAccount.createTime);
}

/** Remove one of the account's identities; the removed row, or undefined when it is not the account's. */
export async function unlinkIdentity(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(sysThirdAccount)
    .where(and(eq(sysThirdAccount.id, id), eq(sysThirdAccount.sysUserId, userId)))
    .returning();
  return row;
}

import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sysVerifyCode } from '../../db/schema/index.ts';
import { sha256 } from '../query/ids.ts';

/** Wrong guesses allowed before a code is burnt. */
const MAX_ATTEMPTS = 5;

export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

const CAPTCHA_CHARS = 'qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM123456789';
export const randomCaptcha = (n = 4) =>
  Array.from({ length: n }, () => CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)]).join('');

/** Store a one-time code (hashed) under a key; replaces any previous code of that key. */
export async function putCode(
  db: Db,
  key: string,
  code: string,
  ttlMs: number,
  payload?: string,
): Promise<void> {
  await db.delete(sysVerifyCode).where(lt(sysVerifyCode.expiresAt, new Date()));
  const values = {
    key,
    codeHash: sha256(code),
    attempts: 0,
    expiresAt: new Date(Date.now() + ttlMs),
    payload: payload ?? null,
  };
  await db
    .insert(sysVerifyCode)
    .values(values)
    .onConflictDoUpdate({ target: sysVerifyCode.key, set: values });
}

/** The live (unexpired) entry of a key, if any. */
export async function liveCode(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(sysVerifyCode)
    .where(and(eq(sysVerifyCode.key, key), gt(sysVerifyCode.expiresAt, new Date())))
    .limit(1);
  return row;
}

/**
 * Check a code. A wrong guess counts against the entry; after MAX_ATTEMPTS it is deleted.
 * `consume` deletes the entry on success (one-time use).
 */
export async function checkCode(
  db: Db,
  key: string,
  code: string,
  opts: { consume: boolean; caseInsensitive?: boolean },
): Promise<'ok' | 'wrong' | 'missing'> {
  const row = await liveCode(db, key);
  if (!row) return 'missing';
  const candidate = opts.caseInsensitive ? code.toLowerCase() : code;
  if (row.codeHash !== sha256(candidate)) {
    if (row.attempts + 1 >= MAX_ATTEMPTS) await db.delete(sysVerifyCode).where(eq(sysVerifyCode.key, key));
    else
      await db
        .update(sysVerifyCode)
        .set({ attempts: sql`${sysVerifyCode.attempts} + 1` })
        .where(eq(sysVerifyCode.key, key));
    return 'wrong';
  }
  if (opts.consume) await db.delete(sysVerifyCode).where(eq(sysVerifyCode.key, key));
  return 'ok';
}

/**
 * Take a live entry once: deleted and returned in one statement, so two concurrent uses of a
 * one-time key (a sign-in state, a one-time login token) cannot both succeed.
 */
export async function takeCode(db: Db, key: string) {
  const [row] = await db
    .delete(sysVerifyCode)
    .where(and(eq(sysVerifyCode.key, key), gt(sysVerifyCode.expiresAt, new Date())))
    .returning();
  return row;
}

/**
 * Record a key that must be seen once (a CAS service ticket): false when it was recorded before
 * and is still live.
 */
export async function claimKey(db: Db, key: string, ttlMs: number, payload?: string): Promise<boolean> {
  await db
    .delete(sysVerifyCode)
    .where(and(eq(sysVerifyCode.key, key), lt(sysVerifyCode.expiresAt, new Date())));
  const rows = await db
    .insert(sysVerifyCode)
    .values({ key, codeHash: sha256(key), expiresAt: new Date(Date.now() + ttlMs), payload: payload ?? null })
    .onConflictDoNothing()
    .returning({ key: sysVerifyCode.key });
  return rows.length > 0;
}

/** Replace the payload of a live key. */
export async function setPayload(db: Db, key: string, payload: string): Promise<void> {
  await db.update(sysVerifyCode).set({ payload }).where(eq(sysVerifyCode.key, key));
}

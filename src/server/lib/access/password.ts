import { hash, verify } from '@node-rs/argon2';
import CryptoJS from 'crypto-js';

const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hash a new password with argon2id (the only scheme we write). */
export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_OPTIONS);

/**
 * JeecgBoot's PasswordUtil: PBEWithMD5AndDES (1000 iterations) encrypting the *username* with the
 * password as key, hex lower-case. Only used to verify imported hashes; Node's OpenSSL refuses DES.
 */
export function legacyJeecgHash(username: string, plain: string, salt: string): string {
  let digest = CryptoJS.MD5(CryptoJS.enc.Utf8.parse(plain).concat(CryptoJS.enc.Latin1.parse(salt)));
  for (let i = 1; i < 1000; i++) digest = CryptoJS.MD5(digest);
  const key = CryptoJS.lib.WordArray.create(digest.words.slice(0, 2), 8);
  const iv = CryptoJS.lib.WordArray.create(digest.words.slice(2, 4), 8);
  const encrypted = CryptoJS.DES.encrypt(CryptoJS.enc.Utf8.parse(username), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return encrypted.ciphertext.toString(CryptoJS.enc.Hex);
}

/**
 * Stored in place of a hash for an account nobody knows a password of (imported without one): no
 * password matches it; the owner gets one through 忘记密码 or an administrator's reset.
 */
export const UNUSABLE_PASSWORD = '!';

export const isArgon2Hash = (stored: string): boolean => stored.startsWith('$argon2');

/** Constant-time-ish string comparison for hex digests of equal length. */
function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Verify a password against what `sys_user` stores. `needsUpgrade` tells the caller to re-hash with
 * argon2id (legacy JeecgBoot hashes are upgraded on the first successful login).
 */
export async function verifyPassword(
  user: { username: string; password: string; salt: string | null },
  plain: string,
): Promise<{ ok: boolean; needsUpgrade: boolean }> {
  if (isArgon2Hash(user.password)) {
    const ok = await verify(user.password, plain).catch(() => false);
    return { ok, needsUpgrade: false };
  }
  if (!user.salt) return { ok: false, needsUpgrade: false };
  const ok = safeEqual(legacyJeecgHash(user.username, plain, user.salt), user.password.toLowerCase());
  return { ok, needsUpgrade: ok };
}

import { createHash, randomUUID } from 'node:crypto';

/** New 32-hex id, as JeecgBoot's UUID ids. */
export const newId = (): string => randomUUID().replace(/-/g, '');

/** Deterministic 32-hex id from a natural key: seeding stays idempotent. */
export const stableId = (key: string): string => createHash('md5').update(key).digest('hex');

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const md5Hex = (s: string): string => createHash('md5').update(s).digest('hex');

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../plugins/auth.ts';
import type { CacheEpochs } from './cache-epochs.ts';
import { sha256 } from '../query/ids.ts';
import { isTokenShaped, resolveToken } from '../../repos/tokens.ts';
import { allButtonRows, userPermissionCodes } from '../../repos/permissions.ts';
import type { AuthEntry } from '../../../shared/auth-rules.ts';

/** Sessions kept at most; the oldest is dropped first. */
const MAX_SESSIONS = 10_000;

/** A signed-in session as the auth plugin needs it. */
export interface CachedSession {
  user: UserRow;
  tokenHash: string;
  perms: Set<string>;
  expiresAt: number;
}

/**
 * Sessions and permission codes of this process, by token hash (issue #14): a request whose token
 * was seen before sends no statement for it (beyond `CacheEpochs.sync` on PostgreSQL). Dropped
 * whenever tokens, users, roles, role grants or permissions change anywhere (`CacheEpochs`).
 */
export class AuthCache {
  private readonly sessions = new Map<string, CachedSession>();
  /** lookups answered from the cache and loaded (tests, diagnostics) */
  readonly stats = { hits: 0, misses: 0 };

  /** every button row's rule (`allAuth`), loaded once per auth epoch */
  private rules: Promise<AuthEntry[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly epochs: CacheEpochs,
  ) {
    epochs.onDrop('auth', () => {
      this.sessions.clear();
      this.rules = null;
    });
  }

  /**
   * The rule of every button row (`allAuth` of jeecg-api.md §4.1): what field rights
   * (src/shared/auth-rules.ts) the server enforces. Kept until permissions change anywhere.
   */
  async buttonRules(): Promise<AuthEntry[]> {
    const cached = this.rules;
    if (cached) return cached;
    const generation = this.epochs.since('auth');
    const loading = allButtonRows(this.db).then((rows) =>
      rows
        .filter((r) => r.perms)
        .map((r) => ({ action: r.perms!, type: r.permsType ?? '1', status: r.status ?? '1' })),
    );
    // kept only when nothing changed since the load started (as sessions)
    loading.then(
      () => {
        if (this.epochs.unchanged('auth', generation)) this.rules = loading;
      },
      () => undefined,
    );
    return loading;
  }

  /** The live session of `token` (not expired, not revoked, account active), or undefined. */
  async resolve(token: string): Promise<CachedSession | undefined> {
    // a token of another shape was never issued: no lookup (a flood of made-up tokens stays off
    // the database)
    if (!isTokenShaped(token)) return undefined;
    const tokenHash = sha256(token);
    const cached = this.sessions.get(tokenHash);
    if (cached && cached.expiresAt > Date.now()) {
      this.stats.hits++;
      return cached;
    }
    this.stats.misses++;
    const generation = this.epochs.since('auth');
    const found = await resolveToken(this.db, token);
    if (!found) return undefined;
    const session: CachedSession = {
      user: found.user,
      tokenHash: found.tokenHash,
      perms: await userPermissionCodes(this.db, found.user.id),
      expiresAt: found.expiresAt.getTime(),
    };
    // kept only when nothing changed since the load started (else the next request loads again)
    if (this.epochs.unchanged('auth', generation)) {
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
      this.sessions.set(tokenHash, session);
    }
    return session;
  }
}

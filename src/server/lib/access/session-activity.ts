import type { Db } from '../../db/client.ts';
import { sysSessionActivity } from '../../db/schema/index.ts';

/** A session's last use is written at most this often (per instance). */
const EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Notes a session's use (安全设置 shows when each session was last used). Written at most once a
 * minute per session and instance, into a table whose changes drop no cache (src/server/db/schema/auth.ts).
 */
export class SessionActivity {
  private readonly written = new Map<string, number>();
  constructor(private readonly db: Db) {}

  async touch(tokenHash: string, now = Date.now()): Promise<void> {
    const last = this.written.get(tokenHash);
    if (last !== undefined && now - last < EVERY_MS) return;
    if (this.written.size >= MAX_TRACKED) this.written.clear();
    this.written.set(tokenHash, now);
    const at = new Date(now);
    await this.db
      .insert(sysSessionActivity)
      .values({ tokenHash, lastUsedAt: at })
      .onConflictDoUpdate({ target: sysSessionActivity.tokenHash, set: { lastUsedAt: at } });
  }
}

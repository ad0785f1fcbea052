import { pathOf } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import type { AuditEntry } from './types.ts';

/**
 * Commands that only move the screen (menu navigation, tabs, shell panels): not operations, so
 * they are not written to the operation log.
 */
const UI_ONLY = /^(nav|tab|shell)\./;

/**
 * An executor `audit` hook that writes each command run to the server's operation log
 * (ENDPOINTS.audit.command): id, source, arguments (secrets masked by the executor and again by the
 * server), outcome and duration. It never delays or fails the run: a lost entry is only reported.
 */
export function serverAudit(
  post: (path: string, body: unknown) => Promise<unknown>,
  onError: (e: unknown) => void = () => undefined,
) {
  const path = pathOf(ENDPOINTS.audit.command);
  return (entry: AuditEntry): Promise<void> => {
    if (UI_ONLY.test(entry.id)) return Promise.resolve();
    return post(path, {
      id: entry.id,
      source: entry.source,
      args: entry.args,
      durationMs: Math.max(0, Math.round(entry.durationMs)),
      outcome: entry.outcome,
      ...(entry.error !== undefined ? { error: entry.error.slice(0, 500) } : {}),
    }).then(
      () => undefined,
      (e: unknown) => onError(e),
    );
  };
}

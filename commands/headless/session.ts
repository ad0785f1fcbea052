/**
 * A headless session's permission codes, read as the web client reads them
 * (`getUserPermissionByToken`): the caller's `auth` entries plus codes whose rule is off for
 * everyone. The server checks every call again; these only decide what the executor lets run.
 */
import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import type { CommandContext } from '../core/types.ts';

interface AuthEntry {
  action: string;
  status?: string;
}

export interface SessionPermissions {
  codes: Set<string>;
  /** secret of the signed dictionary calls, when the server checks signatures */
  signatureSecret?: string;
}

export async function sessionPermissions(api: CommandContext['api']): Promise<SessionPermissions> {
  const p = await invoke<{ auth?: AuthEntry[]; allAuth?: AuthEntry[]; signatureSecret?: string }>(
    api,
    ENDPOINTS.auth.permissions,
  );
  const codes = new Set<string>();
  const add = (action: string) => {
    for (const c of action.split(',')) if (c.trim()) codes.add(c.trim());
  };
  for (const a of p?.auth ?? []) add(a.action);
  for (const a of p?.allAuth ?? []) if (a.status === '0') add(a.action);
  return { codes, ...(p?.signatureSecret ? { signatureSecret: p.signatureSecret } : {}) };
}

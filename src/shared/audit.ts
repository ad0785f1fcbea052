/**
 * The operation log's rules, shared by the server's audit hook and the commands' audit entries:
 * what counts as a secret (never written), how long a parameter summary may be, and JeecgBoot's
 * operate types (jeecg-api.md §6.9: 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export).
 */

/** Field names whose values never reach the log (passwords, tokens, codes, salts). */
export const SECRET_FIELD = /pass(word)?|pwd|secret|token|captcha|salt|sms|code$|checkkey|sign/i;

/** A field name that is a code but not a secret (`roleCode`, `orgCode`, `dictCode`, …). */
const PLAIN_CODE = /(role|org|dict|depart|rule|type|item|post|work|category)code$/i;

export const isSecretField = (key: string): boolean => SECRET_FIELD.test(key) && !PLAIN_CODE.test(key);

/** Longest parameter summary kept (characters). */
export const AUDIT_PARAM_MAX = 2000;

const MASK = '***';

/** A copy with every secret field masked, at any depth; long strings and arrays shortened. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) {
    const head = value.slice(0, 50).map((v) => redactSecrets(v, depth + 1));
    return value.length > 50 ? [...head, `…(${value.length})`] : head;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        isSecretField(k) ? MASK : redactSecrets(v, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  return value;
}

/** The parameters of a call or command as a JSON summary without secrets. */
export function auditSummary(params: unknown): string {
  const text = JSON.stringify(redactSecrets(params)) ?? '';
  return text.length > AUDIT_PARAM_MAX ? `${text.slice(0, AUDIT_PARAM_MAX)}…` : text;
}

/** JeecgBoot's operate type of a call, by its last path segment (and method). */
export function operateTypeOf(path: string, method: string): number {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  if (/^(add|register|save)/i.test(last)) return 2;
  if (/^delete/i.test(last)) return 4;
  if (/^import/i.test(last)) return 5;
  if (/^export/i.test(last)) return 6;
  if (method === 'GET' && /^(list|query)/i.test(last)) return 1;
  return 3;
}

/** Where a command was run from (commands/core/types.ts CommandSource). */
export const COMMAND_SOURCES = ['palette', 'terminal', 'menu', 'button', 'keyboard', 'script'] as const;

/** How a command run ended (commands/core/types.ts AuditEntry.outcome). */
export const COMMAND_OUTCOMES = ['ok', 'error', 'cancelled', 'denied', 'declined'] as const;

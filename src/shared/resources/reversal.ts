/**
 * Reversal entries of an append-only resource (a ledger): a posted row is never changed or
 * deleted; a correction is a new row negating the original's money fields and naming it. The
 * declaration's `reversal` derives `POST {path}/reverse {id, reason}` (its permission code and
 * seeded menu button), the server's locked handler within the caller's row scope
 * (src/server/resources/reversal.ts) and the command `<name> reverse <id> --reason …`.
 *
 * Isomorphic (browser, Node, commands).
 */
import type { EndpointContract } from '../contracts.ts';
import type { PermissionCode } from '../permissions.ts';

export interface ResourceReversal {
  /** the money fields the reversal row holds negated (every other column is copied) */
  amountFields: readonly string[];
  /** a `system` field: on a reversal row, the id of the row it reverses; empty on an original */
  refField: string;
  /** a `system` field receiving the reason of the reversal */
  reasonField: string;
  /** the action's Chinese name (default 冲正) */
  title?: string;
}

/** What a declaration's `reversal` derives. */
export interface DerivedReversal extends ResourceReversal {
  title: string;
  /** `<domain>:reverse`, derived with the resource's other codes (access.ts) */
  perm: PermissionCode;
  /** POST {path}/reverse {id, reason}: one reversal row, or a refusal */
  endpoint: EndpointContract;
}

export const REVERSAL_MSG = {
  done: '冲正成功',
  twice: '该记录已冲正，不能重复冲正',
  ofReversal: '冲正记录不能再冲正',
  reasonRequired: '请填写冲正原因',
  reasonTooLong: '冲正原因最多255个字符',
} as const;

/** Longest accepted reason (the reason column's width). */
export const REVERSAL_REASON_MAX = 255;

/**
 * The exact negation of a money value given as decimal text (`12.50` → `-12.50`, `-3` → `3`,
 * `0.00` → `0.00`): the digits are kept as they are, never read as a float.
 */
export function negateMoney(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) throw new Error(`not a money value: ${text}`);
  const digits = text.replace(/^[+-]/, '');
  if (/^[0.]+$/.test(digits)) return digits;
  return text.startsWith('-') ? digits : `-${digits}`;
}

/** The derived reversal of a declaration with `reversal`. */
export function deriveReversal(path: string, reversal: ResourceReversal, code: string): DerivedReversal {
  // a code derived from a declaration of the product, or of a test's own resource
  const perm = code as PermissionCode;
  return {
    ...reversal,
    title: reversal.title ?? '冲正',
    perm,
    endpoint: { method: 'POST', path: `${path}/reverse`, permission: perm },
  };
}

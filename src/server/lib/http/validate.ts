import type { z } from 'zod';
import { firstIssue, idListSchema } from '../../../shared/user.ts';
import { MSG } from '../../../shared/api.ts';
import { BizError } from './result.ts';

/** Parse a request part with a shared zod schema; the first issue becomes the Result message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new BizError(firstIssue(r.error));
  return r.data;
}

/**
 * A single-valued query parameter, trimmed (undefined when blank). A repeated one (`?id=a&id=b`)
 * is refused with a clear message instead of being half-read (or failing with HTTP 500).
 */
export function oneParam(query: Record<string, unknown>, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw new BizError(MSG.badParam(name));
  if (v === undefined || v === null) return undefined;
  return String(v).trim() || undefined;
}

/** Refusal of a batch call without targets (spec §5). */
export const NOTHING_SELECTED = MSG.nothingSelected;

/**
 * The ids of a batch call: `ids=a,b,` as the Vue client sends it (also repeated `ids=a&ids=b`);
 * at least one, else `none` (请选择一条记录！).
 */
export function requiredIds(raw: unknown, none: string = NOTHING_SELECTED): string[] {
  const r = idListSchema.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
  const ids = r.success ? r.data : [];
  if (ids.length === 0) throw new BizError(none);
  return ids;
}

/**
 * The `dryRun` flag of a generated add or edit body (`true`, `'true'` or `'1'`): the save makes
 * every check it makes for real, then rolls back and answers RESOURCE_MSG.dryRun. Returns the flag
 * and the body without it.
 */
export function dryRunOf(body: unknown): { dryRun: boolean; body: unknown } {
  if (!body || typeof body !== 'object' || !('dryRun' in body)) return { dryRun: false, body };
  const { dryRun, ...rest } = body as Record<string, unknown>;
  return { dryRun: dryRun === true || dryRun === 'true' || dryRun === '1', body: rest };
}

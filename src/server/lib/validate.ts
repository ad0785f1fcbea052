import type { z } from 'zod';
import { firstIssue } from '../../shared/user.ts';
import { BizError } from './result.ts';

/** Parse a request part with a shared zod schema; the first issue becomes the Result message. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new BizError(firstIssue(r.error));
  return r.data;
}

/**
 * The message of a refused zod parse as a client reads it: a rule's own (Chinese) message, or, for
 * zod's built-in English ones (a wrong JSON type, a body that is no object), a Chinese one naming
 * the parameter.
 */
import type { z } from 'zod';
import { MSG } from './api.ts';

/** A body that is not the JSON object an endpoint takes. */
export const BAD_BODY = `${MSG.operationFailed}，请求格式不正确`;

const CHINESE = /[\u3400-\u9fff]/;

/** The issue's own message when it is Chinese, else `fallback`, else one naming its parameter. */
export function issueMessage(issue: z.core.$ZodIssue | undefined, fallback?: string): string {
  if (issue && CHINESE.test(issue.message)) return issue.message;
  if (fallback) return fallback;
  const path = (issue?.path ?? []).map(String).join('.');
  return path ? MSG.badParam(path) : BAD_BODY;
}

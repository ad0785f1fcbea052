/**
 * Rules that link fields and rows of a declaration: a field whose kind follows another field's
 * value (`by`), and sub tables written with a row (`children`). Part of the declaration layer
 * (define.ts), isomorphic.
 */
import { z } from 'zod';
import { ruleProblem, type PatternRule } from '../validation.ts';
import { issueMessage } from '../issue-message.ts';
import type { Resource, ResourceField, ResourceReference } from './define.ts';

/** What a field with `by` is for one value of the field it follows. */
export interface ResourceFieldCase {
  type: 'string' | 'ref';
  /** ref: the referenced resource (its picker in the form, its names in lists) */
  reference?: ResourceReference;
  /** string: the rule the text must pass */
  rule?: PatternRule;
  /** the message when it is empty */
  required: string;
}

/** A sub table of a resource (a customer's addresses). */
export interface ResourceChild {
  /** wire property of the rows on add, edit and queryById (`addressList`) */
  key: string;
  /** the form's and 详细信息's title of the rows (`服务地址`) */
  title: string;
  /**
   * the rows' resource: their fields, rules and form (its codes are the parent's; left out of the
   * type so that a declaration holding it does not need `PermissionCode`, built from declarations)
   */
  resource: Omit<Resource, 'perms'>;
  /** most rows (default 50) */
  max?: number;
  /**
   * a boolean field exactly one row holds (the default address): the first row when none is
   * marked; several are refused with `message`
   */
  single?: { key: string; message: string };
  messages: {
    /** not a list of rows */
    invalid: string;
    /** more than `max` rows */
    tooMany: string;
    /** a row's failed rule, naming the row (1-based) */
    row(n: number, message: string): string;
  };
}

/**
 * The rows of a sub table as add and edit take them: a list of at most `max` rows, each checked by
 * the sub resource's add rules (the message naming the row), exactly one marked `single` (the first
 * when none is). Not sent: undefined (an edit then leaves the rows as they are).
 */
export function childRowsSchema(c: ResourceChild): z.ZodType {
  const max = c.max ?? 50;
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!Array.isArray(raw)) return fail(c.messages.invalid);
      if (raw.length > max) return fail(c.messages.tooMany);
      const rows: Array<Record<string, unknown>> = [];
      for (const [i, item] of raw.entries()) {
        const parsed = c.resource.addSchema.safeParse(item ?? {});
        if (!parsed.success)
          return fail(c.messages.row(i + 1, issueMessage(parsed.error.issues[0], c.messages.invalid)));
        rows.push(parsed.data as Record<string, unknown>);
      }
      if (c.single) {
        const key = c.single.key;
        const marked = rows.filter((r) => r[key] === true).length;
        if (marked > 1) return fail(c.single.message);
        rows.forEach((r, i) => (r[key] = marked ? r[key] === true : i === 0));
      }
      return rows;
    })
    .describe(c.title);
}

/**
 * The rules of fields whose kind follows another field (`by`): the case of the other field's value
 * asks for a value and checks its rule. An edit checks only what it sends of both (the server half
 * checks the row as it will be).
 */
export function followRules(fields: readonly ResourceField[], partial: boolean) {
  const following = fields.filter((f) => f.by);
  return (data: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const f of following) {
      const on = data[f.by!.field];
      const c = typeof on === 'string' ? f.by!.cases[on] : undefined;
      const v = data[f.key];
      if (!c || (partial && v === undefined)) continue;
      const text = typeof v === 'string' ? v.trim() : '';
      if (!text) ctx.addIssue({ code: 'custom', path: [f.key], message: c.required });
      else {
        const problem = c.rule && ruleProblem(c.rule, text);
        if (problem) ctx.addIssue({ code: 'custom', path: [f.key], message: problem });
      }
    }
  };
}

/** Layout and validation order of the 详细信息 details modal (spec §5, §9). */

/** Detail list: 3 columns by default, at most 4 (spec §9). */
export const DETAIL_COLUMNS_DEFAULT = 3;
export const DETAIL_COLUMNS_MAX = 4;

/** The column count of the detail list: a whole number from 1 to 4, default 3. */
export function detailColumns(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) return DETAIL_COLUMNS_DEFAULT;
  return Math.min(DETAIL_COLUMNS_MAX, Math.max(1, Math.floor(n)));
}

/** The key of the main form in validation results. */
export const MAIN_FORM = 'main';

/** A validator: a message when invalid, nothing when valid; may be asynchronous; throwing fails too. */
export type Validator = () => string | null | undefined | void | Promise<string | null | undefined | void>;

/** The outcome of validating the whole form. */
export type FormValidation = { ok: true } | { ok: false; tab: string; message: string };

/**
 * Spec §5: table validation checks the main form first, then each sub-table in tab order, and
 * stops at the first failure, naming the tab to activate (`MAIN_FORM` for the main form).
 */
export async function validateInOrder(
  main: Validator | undefined,
  tabs: ReadonlyArray<{ key: string; validate?: Validator }>,
): Promise<FormValidation> {
  const steps = [{ key: MAIN_FORM, validate: main }, ...tabs];
  for (const step of steps) {
    if (!step.validate) continue;
    let message: string | null | undefined | void;
    try {
      message = await step.validate();
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    if (message) return { ok: false, tab: step.key, message };
  }
  return { ok: true };
}

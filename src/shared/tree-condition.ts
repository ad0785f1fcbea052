/**
 * The `condition` of tree loads (loadTreeData of dictionaries and categories): a JSON object of
 * equality filters, `{"status":"1"}`. Anything else is the spec's JTreeSelect error.
 */

/** Spec §5: the category selector's condition must be a JSON string. */
export const TREE_CONDITION_MSG = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/**
 * The filters of a condition as [key, value text] pairs; empty for no condition; null when it is
 * not a JSON object of strings, numbers or booleans.
 */
export function parseTreeCondition(condition: string | undefined | null): Array<[string, string]> | null {
  if (condition === undefined || condition === null || condition.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (v === null || v === undefined || v === '') continue;
    if (!['string', 'number', 'boolean'].includes(typeof v)) return null;
    pairs.push([k, String(v)]);
  }
  return pairs;
}

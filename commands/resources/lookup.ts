/**
 * Rows named on a command line by id or by a name field (`partner approve 杭州西湖悦享推拿有限公司`,
 * `technician status 休息 王静怡`): each name must match exactly one row of the resource's list,
 * else the command stops before changing anything.
 */
import type { Page } from '../../src/shared/api.ts';
import type { Resource } from '../../src/shared/resources/define.ts';
import type { CommandContext } from '../core/types.ts';

export type NamedRow = Record<string, unknown> & { id: string };

/** The rows of `refs` (ids or exact values of `field`), in the order given. */
export async function rowsByRef(
  ctx: CommandContext,
  r: Resource,
  refs: readonly string[],
  field = 'name',
): Promise<NamedRow[]> {
  const out: NamedRow[] = [];
  for (const ref of refs) {
    const byId = await ctx.api.get<Page<NamedRow>>(r.endpoints.list.path, { id: ref, pageSize: 1 });
    const hit = byId.records.find((row) => row.id === ref);
    if (hit) {
      out.push(hit);
      continue;
    }
    const byName = await ctx.api.get<Page<NamedRow>>(r.endpoints.list.path, { [field]: ref, pageSize: 10 });
    const named = byName.records.filter((row) => row[field] === ref);
    if (named.length === 0) throw new Error(`${r.notFound}: ${ref}`);
    if (named.length > 1) throw new Error(`有 ${named.length} 个${r.decl.title}名为「${ref}」，请用 id 指定`);
    out.push(named[0]!);
  }
  return out;
}

/** Split `a,b c` into names. */
export const refsOf = (given: string | readonly string[] | undefined): string[] =>
  (Array.isArray(given) ? given : [given ?? ''])
    .flatMap((s) => String(s).split(/[\s,，]+/))
    .map((s) => s.trim())
    .filter(Boolean);

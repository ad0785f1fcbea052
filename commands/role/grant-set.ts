/**
 * The saves of the 授权 screens (`role savePermissions`, `dept savePermissions`,
 * `dept role savePermissions`): the permissions checked now and those checked before, each named by
 * id or as the screen's tree reads a word (a permission code, a menu path or name); the server
 * writes the difference. `--dry-run` lists the difference and writes nothing.
 */
import { grantDiff } from '../../src/shared/role.ts';
import type { CommandContext, CommandResult } from '../core/types.ts';

const ID_RE = /^[0-9a-f]{32}$/;

/**
 * The ids of the words of `text` (comma or space separated): each as `find` reads it; a word `find`
 * does not know is kept when it has the shape of an id (a permission held but not offered to the
 * caller, sent back unchanged by the screen), else `find`'s refusal stands.
 */
export function permissionIdsOf(text: string | undefined, find: (word: string) => { key: string }): string[] {
  const words = (text ?? '')
    .split(/[\s,，]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return [
    ...new Set(
      words.map((w) => {
        try {
          return find(w).key;
        } catch (e) {
          if (ID_RE.test(w)) return w;
          throw e;
        }
      }),
    ),
  ];
}

/** Save `checked` over `last` for `holder` (or, on a dry run, list what would change). */
export async function saveGrantSet(
  ctx: CommandContext,
  o: {
    holder: string;
    checked: readonly string[];
    last: readonly string[];
    /** a permission's name for people */
    labelOf: (id: string) => string;
    save: (permissionIds: string, lastpermissionIds: string) => Promise<unknown>;
    dryRun?: boolean;
    invalidate: ReadonlyArray<readonly unknown[]>;
  },
): Promise<CommandResult> {
  const { add, remove } = grantDiff(o.checked.join(','), o.last.join(','));
  const table = {
    columns: [
      { key: 'target', title: '权限' },
      { key: 'change', title: '变更' },
    ],
    rows: [
      ...add.map((id) => ({ target: o.labelOf(id), change: `+ ${o.holder}` })),
      ...remove.map((id) => ({ target: o.labelOf(id), change: `− ${o.holder}` })),
    ],
  };
  if (o.dryRun)
    return { message: `演练：将新增 ${add.length} 项，取消 ${remove.length} 项（未执行）`, table };
  const message = await o.save(o.checked.join(','), o.last.join(','));
  return {
    message: `${String(message)} 新增 ${add.length} 项，取消 ${remove.length} 项`,
    table,
    invalidate: o.invalidate.map((k) => [...k]),
  };
}

import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { CommandContext } from '../core/types.ts';

/** A node of the permission trees (`grantableTree`, `queryTreeListForDeptRole`). */
export interface PermNode {
  key: string;
  slotTitle: string;
  perms: string | null;
  parentId: string;
  children: PermNode[] | null;
}

export const flattenPerms = (nodes: PermNode[]): PermNode[] =>
  nodes.flatMap((n) => [n, ...flattenPerms(n.children ?? [])]);

/** What the caller may hand out to a department, flat. */
export const grantablePerms = async (ctx: CommandContext) =>
  flattenPerms(
    (await invoke<{ treeList: PermNode[] }>(ctx.api, ENDPOINTS.departRole.grantableTree)).treeList,
  );

/** The one permission named by id, permission code (`user:add`) or (unique) menu name. */
export function findPerm(all: PermNode[], word: string): PermNode {
  const hits = all.filter((p) => p.key === word || p.perms === word || p.slotTitle === word);
  if (hits.length === 0) throw new Error(`权限不存在或无权授予: ${word}`);
  if (hits.length > 1) throw new Error(`权限名称“${word}”不唯一，请用权限编码或id`);
  return hits[0]!;
}

export const permLabel = (p: PermNode) => (p.perms ? `${p.slotTitle}（${p.perms}）` : p.slotTitle);

import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { CommandContext } from '../core/types.ts';

/** A department of GET /sys/sysDepart/queryTreeList. */
export interface DepartNode {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  children: DepartNode[] | null;
}

/** The query key prefix of department reads. */
export const DEPARTS_KEY = ['departs'] as const;

const flatten = (nodes: DepartNode[]): DepartNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** Every department, flat (tree order). */
export const allDeparts = async (ctx: CommandContext) =>
  flatten(await invoke<DepartNode[]>(ctx.api, ENDPOINTS.depart.queryTreeList));

/** The one department named by id, org code or (unique) name. */
export function findDepart(all: DepartNode[], word: string): DepartNode {
  const hits = all.filter((d) => d.id === word || d.orgCode === word || d.departName === word);
  if (hits.length === 0) throw new Error(`部门不存在: ${word}`);
  if (hits.length > 1) throw new Error(`部门名称“${word}”不唯一，请用机构编码`);
  return hits[0]!;
}

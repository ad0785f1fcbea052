import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import type { DepartRoleRow } from '../../../src/shared/depart-role.ts';
import type { CommandContext } from '../../core/types.ts';

/** The query key prefix of department role reads. */
export const DEPART_ROLES_KEY = ['depart-roles'] as const;

/** The roles of a department. */
export const departRoles = (ctx: CommandContext, departId: string) =>
  invoke<DepartRoleRow[]>(ctx.api, ENDPOINTS.departRole.getDeptRoleList, { departId });

/** The one role of the department named by id or code. */
export function findRole(roles: DepartRoleRow[], word: string): DepartRoleRow {
  const hit = roles.find((r) => r.id === word || r.roleCode === word);
  if (!hit) throw new Error(`部门角色不存在: ${word}`);
  return hit;
}

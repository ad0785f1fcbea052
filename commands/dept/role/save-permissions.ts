import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { permissionIdsOf, saveGrantSet } from '../../role/grant-set.ts';
import { findPerm, flattenPerms, permLabel, type PermNode } from '../perm-tree.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { DEPART_ROLES_KEY, departRoles, findRole } from './roles.ts';

/**
 * Save a department role's 授权 (within its department's permissions; the server writes the
 * difference). With `--depart` the role may be named by its code and the permissions by permission
 * code or menu name (the department's tree); without it, by ids. `--dry-run` lists the difference.
 */
export default defineCommand({
  id: 'dept.role.savePermissions',
  title: '保存部门角色授权',
  category: '部门管理',
  aliases: ['save depart role permissions'],
  keywords: ['部门角色', '授权', '保存'],
  permission: PERM.depart.authorize,
  requires: [PERM.depart.list],
  args: z.object({
    roleId: z.string().min(1, '部门角色不存在').describe('部门角色（id；给出 --depart 时也可用编码）'),
    permissionIds: z
      .string()
      .describe('勾选的权限（id；给出 --depart 时也可用权限编码或菜单名称），逗号分隔'),
    lastpermissionIds: z.string().optional().describe('上次保存时勾选的权限，同上；不给出时只新增'),
    depart: z.string().optional().describe('部门角色所属部门（机构编码、名称或id）'),
    dryRun: z.boolean().optional().describe('只列出将要新增和取消的权限，不执行'),
  }),
  positional: ['roleId', 'permissionIds'],
  examples: ['dept role savePermissions fin_sweep 职务管理 --depart 财务部'],
  async run(ctx, { roleId, permissionIds, lastpermissionIds, depart, dryRun }) {
    let role = { id: roleId, label: roleId };
    let nodes: PermNode[] = [];
    if (depart) {
      const d = findDepart(await allDeparts(ctx), depart);
      const r = findRole(await departRoles(ctx, d.id), roleId);
      role = { id: r.id, label: `${d.departName} · ${r.roleName}` };
      // what the department holds: what its roles may be given
      nodes = flattenPerms(
        (
          await invoke<{ treeList: PermNode[] }>(ctx.api, ENDPOINTS.departRole.queryTreeListForDeptRole, {
            departId: d.id,
          })
        ).treeList,
      );
    }
    // without the department, ids only
    const find = (w: string) => (depart ? findPerm(nodes, w) : { key: w });
    const byId = new Map(nodes.map((p) => [p.key, p]));
    return saveGrantSet(ctx, {
      holder: role.label,
      checked: permissionIdsOf(permissionIds, find),
      last: permissionIdsOf(lastpermissionIds, find),
      labelOf: (id) => (byId.has(id) ? permLabel(byId.get(id)!) : id),
      save: (ids, last) =>
        invoke<string>(ctx.api, ENDPOINTS.departRole.saveDeptRolePermission, {
          roleId: role.id,
          permissionIds: ids,
          lastpermissionIds: last,
        }),
      dryRun,
      invalidate: [DEPART_ROLES_KEY],
    });
  },
});

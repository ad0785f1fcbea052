import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { permissionIdsOf, saveGrantSet } from '../role/grant-set.ts';
import { DEPART_PERMS_KEY } from './perm.ts';
import { findPerm, grantablePerms, permLabel } from './perm-tree.ts';
import { allDeparts, findDepart } from './targets.ts';

/**
 * Save the 部门权限 tab: the checked permissions and those checked at the last save (the server
 * writes the difference). The department by org code, name or id, the permissions by id,
 * permission code or menu name; `--dry-run` lists the difference.
 */
export default defineCommand({
  id: 'dept.savePermissions',
  title: '保存部门权限',
  category: '部门管理',
  aliases: ['save depart permissions'],
  keywords: ['部门', '授权', '保存'],
  permission: PERM.depart.authorize,
  requires: [PERM.depart.list],
  args: z.object({
    departId: z.string().min(1, '请选择部门').describe('部门（机构编码、名称或id）'),
    permissionIds: z.string().describe('勾选的权限（id、权限编码或菜单名称），逗号分隔'),
    lastpermissionIds: z.string().optional().describe('上次保存时勾选的权限，同上；不给出时只新增'),
    dryRun: z.boolean().optional().describe('只列出将要新增和取消的权限，不执行'),
  }),
  positional: ['departId', 'permissionIds'],
  examples: ['dept savePermissions 财务部 职务管理,position:list'],
  async run(ctx, { departId, permissionIds, lastpermissionIds, dryRun }) {
    const d = findDepart(await allDeparts(ctx), departId);
    const all = await grantablePerms(ctx);
    const find = (w: string) => findPerm(all, w);
    const byId = new Map(all.map((p) => [p.key, p]));
    return saveGrantSet(ctx, {
      holder: d.departName,
      checked: permissionIdsOf(permissionIds, find),
      last: permissionIdsOf(lastpermissionIds, find),
      labelOf: (id) => (byId.has(id) ? permLabel(byId.get(id)!) : id),
      save: (ids, last) =>
        invoke<string>(ctx.api, ENDPOINTS.departRole.saveDepartPermission, {
          departId: d.id,
          permissionIds: ids,
          lastpermissionIds: last,
        }),
      dryRun,
      invalidate: [DEPART_PERMS_KEY],
    });
  },
});

/**
 * Department permissions and department roles (jeecg-api.md §4.3, §6.4): the menus a department may
 * hand out (`sys_depart_permission`), roles inside a department (`sys_depart_role`), their members
 * (users of that department only) and their grants (a subset of the department's). A member holds
 * the grants of their department roles as they hold their roles' (JeecgBoot's `queryByUser` unions
 * both).
 */
import { z } from 'zod';
import { ENDPOINTS } from './endpoints.ts';
import { MSG } from './api.ts';
import { RULE_MESSAGES, hasNoNul } from './validation.ts';

/** The endpoints of department permissions and roles (declared in endpoints.ts). */
export const DEPART_ROLE_ENDPOINTS = ENDPOINTS.departRole;

/** Refusals of department role and permission writes. */
export const DEPART_ROLE_MSG = {
  departMissing: '请选择部门',
  roleMissing: '部门角色不存在',
  roleNameRequired: '请输入部门角色名称',
  roleCodeRequired: '请输入部门角色编码',
  roleCodeChars: '角色编码只能包含字母、数字、下划线和中划线',
  roleCodeTaken: '该部门下角色编码已存在',
  notInDepart: '所选用户不属于该部门',
  userMissing: '所选用户不存在',
  outsideDepart: '所选权限不在该部门的权限范围内',
  notHeld: '不能授予自己没有的权限',
  permissionMissing: '所选权限不存在',
  saved: '保存成功！',
} as const;

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[\w-]{1,32}$/, message);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, '包含非法字符')
    .nullish()
    .transform((v) => v || null);

/** The written fields of a department role. */
export const departRoleFields = {
  roleName: z
    .string({ error: DEPART_ROLE_MSG.roleNameRequired })
    .trim()
    .min(1, DEPART_ROLE_MSG.roleNameRequired)
    .max(200, RULE_MESSAGES.maxLength(200))
    .refine(hasNoNul, '包含非法字符')
    .describe('部门角色名称'),
  roleCode: z
    .string({ error: DEPART_ROLE_MSG.roleCodeRequired })
    .trim()
    .min(1, DEPART_ROLE_MSG.roleCodeRequired)
    .max(100, RULE_MESSAGES.maxLength(100))
    .regex(/^[\w-]+$/, DEPART_ROLE_MSG.roleCodeChars)
    .describe('部门角色编码'),
  description: optionalText(255).describe('描述'),
};

export const departRoleAddSchema = z.object({
  departId: id(DEPART_ROLE_MSG.departMissing).describe('部门id'),
  ...departRoleFields,
});
export const departRoleEditSchema = z.object({
  id: id(DEPART_ROLE_MSG.roleMissing),
  ...departRoleFields,
});

/** A comma list of ids (empty string: none); anything else than ids is refused. */
export const idList = z
  .string()
  .trim()
  .max(200_000)
  .nullish()
  .transform((v, ctx) => {
    const ids = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.some((x) => !/^[\w-]{1,32}$/.test(x))) {
      ctx.addIssue({ code: 'custom', message: DEPART_ROLE_MSG.permissionMissing });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const saveDepartPermissionSchema = z.object({
  departId: id(DEPART_ROLE_MSG.departMissing),
  permissionIds: idList,
  lastpermissionIds: idList,
});
export const saveDeptRolePermissionSchema = z.object({
  roleId: id(DEPART_ROLE_MSG.roleMissing),
  permissionIds: idList,
  lastpermissionIds: idList,
});
export const departRoleUsersSchema = z.object({
  roleId: id(DEPART_ROLE_MSG.roleMissing),
  userIds: z
    .array(id(DEPART_ROLE_MSG.userMissing), { error: MSG.nothingSelected })
    .min(1, MSG.nothingSelected)
    .max(1000),
});
export const deptRoleUserAddSchema = z.object({
  userId: id(DEPART_ROLE_MSG.userMissing),
  newRoleId: idList,
  oldRoleId: idList,
});

/** A department role on the wire. */
export interface DepartRoleRow {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime?: string | null;
}

/** Added and removed ids of a save that sends the new and the previous selection. */
export function idDiff(next: readonly string[], last: readonly string[]) {
  const a = new Set(next);
  const b = new Set(last);
  return { added: [...a].filter((x) => !b.has(x)), removed: [...b].filter((x) => !a.has(x)) };
}

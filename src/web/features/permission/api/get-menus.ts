import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import type { PermissionTreeNode } from '../../../../shared/permission-menu.ts';
import type { DataRuleJson } from '../../../../shared/data-rule.ts';
import { MENUS_KEY } from '../../../../../commands/menu/targets.ts';

/** The whole menu tree (GET /sys/permission/list): the parent choices of the form. */
export const menuTreeQuery = () =>
  queryOptions({
    queryKey: [...MENUS_KEY, 'tree'],
    queryFn: () => callTo<PermissionTreeNode[]>(ENDPOINTS.permission.list),
    staleTime: 0,
  });

/** One menu row (GET /sys/permission/queryById). */
export const menuQuery = (id: string) =>
  queryOptions({
    queryKey: [...MENUS_KEY, 'one', id],
    queryFn: () => callTo<PermissionTreeNode>(ENDPOINTS.permission.queryById, { query: { id } }),
    staleTime: 0,
  });

/** The data rules of a menu (GET /sys/permission/getPermRuleListByPermId). */
export const menuRulesQuery = (permissionId: string) =>
  queryOptions({
    queryKey: [...MENUS_KEY, 'rules', permissionId],
    queryFn: () => callTo<DataRuleJson[]>(ENDPOINTS.dataRule.listByPermission, { query: { permissionId } }),
    staleTime: 0,
  });

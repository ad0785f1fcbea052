import { z } from 'zod';

/** The menu fields a command may set (flags of `menu add` / `menu edit`). */
export const menuArgs = z.object({
  type: z.coerce
    .number()
    .int()
    .min(0)
    .max(2)
    .optional()
    .describe('菜单类型：0 一级菜单，1 子菜单，2 按钮权限（默认：有上级为 1，否则 0）'),
  url: z.string().optional().describe('菜单路径'),
  component: z.string().optional().describe('前端组件'),
  componentName: z.string().optional().describe('组件名称'),
  redirect: z.string().optional().describe('默认跳转地址（一级菜单）'),
  perms: z.string().optional().describe('授权标识（按钮），多个用逗号分隔'),
  permsType: z.enum(['1', '2']).optional().describe('授权策略：1 显示，2 禁用'),
  status: z.enum(['0', '1']).optional().describe('状态：1 有效，0 无效'),
  icon: z.string().optional().describe('菜单图标'),
  sort: z.coerce.number().optional().describe('排序'),
  hidden: z.boolean().optional().describe('隐藏路由'),
  keepAlive: z.boolean().optional().describe('缓存路由'),
  route: z.boolean().optional().describe('是否路由菜单（--no-route：只显示菜单，不注册路由）'),
  alwaysShow: z.boolean().optional().describe('聚合路由'),
  external: z.boolean().optional().describe('打开方式：外部打开'),
});

/** The wire fields of the given flags (SysPermission names). */
export function menuBody(f: z.infer<typeof menuArgs>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    url: f.url,
    component: f.component,
    componentName: f.componentName,
    redirect: f.redirect,
    perms: f.perms,
    permsType: f.permsType,
    status: f.status,
    icon: f.icon,
    sortNo: f.sort,
    hidden: f.hidden,
    keepAlive: f.keepAlive,
    route: f.route,
    alwaysShow: f.alwaysShow,
    internalOrExternal: f.external,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * 菜单管理 (sys_permission rows, jeecg-api.md §4.2–4.3): the body of add/edit, its messages and the
 * normalisation JeecgBoot's `PermissionDataUtil` applies to component paths and urls. Isomorphic:
 * the server applies it on write, the form shows what will be saved.
 */
import { z } from 'zod';

/** menu_type: 0 一级菜单, 1 子菜单, 2 按钮权限 (dict `menu_type`). */
export const MENU_TYPE = { root: 0, sub: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

/** The layout a root menu without a component gets. */
export const ROOT_LAYOUT = 'layouts/RouteView';

export const MENU_MSG = {
  added: '添加成功！',
  edited: '修改成功！',
  deleted: '删除成功!',
  notFound: '未找到菜单信息',
  nameRequired: '请输入菜单标题!',
  urlRequired: '请输入菜单路径!',
  componentRequired: '请输入前端组件!',
  parentRequired: '请选择上级菜单!',
  parentMissing: '上级菜单不存在',
  parentIsButton: '按钮权限不能作为上级菜单',
  parentInSubtree: '上级菜单不能是自身或其下级菜单',
  permsTaken: '授权标识已存在!',
  permsInvalid: '授权标识只允许字母、数字、下划线、冒号、点、中划线，多个用逗号分隔',
  builtinPerms: (code: string) => `授权标识“${code}”为系统内置，不能修改或删除`,
  /** the confirmation of a delete: JeecgBoot deletes the whole subtree with the menu */
  confirmDelete: (name: string) => `确定删除“${name}”吗？其下级菜单、按钮权限和数据规则将一并删除。`,
} as const;

/** A permission code (or a comma list of them), as `auth`/`allAuth` carry it. */
export const PERMS_PATTERN = /^[A-Za-z0-9_:.-]+(,[A-Za-z0-9_:.-]+)*$/;

/** Whether a url is external (an absolute http(s) url or a `{{ … }}` placeholder). */
export const isExternalUrl = (url: string) => /^(https?:\/\/|\{\{)/.test(url.trim());

/**
 * A component path as JeecgBoot stores it: no leading `/`, no leading `views/` or `src/views/`, no
 * trailing `.vue`.
 */
export function normalizeComponent(component: string): string {
  let c = component.trim();
  c = c.replace(/^\/+/, '');
  c = c.replace(/^src\/views\//, '').replace(/^views\//, '');
  return c.replace(/\.vue$/, '');
}

/** A url as JeecgBoot stores it: no `.vue`; a leading `/` unless it is external. */
export function normalizeUrl(url: string): string {
  let u = url.trim().replace(/\.vue$/, '');
  if (u && !u.startsWith('http') && !u.startsWith('/') && !u.startsWith('{{')) u = `/${u}`;
  return u;
}

/** Booleans as the Vue client sends them (true/false), or 0/1 and their text. */
const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);
const text = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

/** The SysPermission body of POST /sys/permission/add and PUT /sys/permission/edit. */
export const menuBodySchema = z.object({
  id: z.string().max(32).optional(),
  menuType: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1 || n === 2, '菜单类型无效')
    .optional(),
  name: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string(MENU_MSG.nameRequired))
    .pipe(z.string().min(1, MENU_MSG.nameRequired).max(100)),
  parentId: text(32),
  url: text(255),
  component: text(255),
  componentName: text(100),
  redirect: text(255),
  perms: text(255),
  permsType: z.enum(['1', '2'], '授权策略无效').optional(),
  status: z.enum(['0', '1'], '状态无效').optional(),
  sortNo: z.coerce.number().finite('排序无效').optional(),
  icon: text(100),
  description: text(255),
  route: flag.optional(),
  keepAlive: flag.optional(),
  hidden: flag.optional(),
  hideTab: flag.optional(),
  alwaysShow: flag.optional(),
  internalOrExternal: flag.optional(),
});
export type MenuBody = z.infer<typeof menuBodySchema>;

/**
 * Normalise a menu body (jeecg-api.md §4.3) and refuse what cannot be saved: menus need a url and
 * (sub menus) a component; a root menu has no parent and defaults to `layouts/RouteView`; sub menus
 * and buttons need a parent; button codes follow `PERMS_PATTERN`. Throws the message to show.
 */
export function normalizeMenu(body: MenuBody): MenuBody {
  const out: MenuBody = { ...body, menuType: body.menuType ?? MENU_TYPE.root };
  const blank = (s: string | undefined) => !s || !s.trim();
  if (out.component !== undefined) out.component = normalizeComponent(out.component);
  if (out.url !== undefined) out.url = normalizeUrl(out.url);
  if (out.perms !== undefined) out.perms = out.perms.trim().replace(/\s*,\s*/g, ',');
  if (out.menuType === MENU_TYPE.root) {
    out.parentId = undefined;
    if (blank(out.component)) out.component = ROOT_LAYOUT;
  } else if (blank(out.parentId)) throw new Error(MENU_MSG.parentRequired);
  if (out.menuType !== MENU_TYPE.button) {
    if (blank(out.url)) throw new Error(MENU_MSG.urlRequired);
    if (blank(out.component)) throw new Error(MENU_MSG.componentRequired);
  }
  if (out.perms && !PERMS_PATTERN.test(out.perms)) throw new Error(MENU_MSG.permsInvalid);
  return out;
}

/** A node of GET /sys/permission/list (SysPermissionTree). */
export interface PermissionTreeNode {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number | null;
  menuType: number;
  leaf: boolean;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  description: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  status: string | null;
  internalOrExternal: boolean;
  ruleFlag: number;
  children: PermissionTreeNode[] | null;
}

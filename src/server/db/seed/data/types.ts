import type { PermissionCode } from '../../../../shared/permissions.ts';

/** A button / permission row (sys_permission.menu_type = 2) under a menu. */
export interface SeedButton {
  /** button title shown in the role authorisation tree, e.g. '添加' */
  name: string;
  perms: PermissionCode;
  /** '1' show (hidden when not granted), '2' editable (disabled when not granted); default '1' */
  permsType?: '1' | '2';
}

/** A menu row (menu_type 0 for roots, 1 for children); the tree shape gives parent ids. */
export interface SeedMenu {
  name: string;
  /** route path, or an external url (http…, {{ … }}) */
  url: string;
  /** client component path relative to views/, or layouts/X */
  component: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /** is_route; default true. false → the client shows the menu but registers no route */
  route?: boolean;
  internalOrExternal?: boolean;
  /**
   * the page's buttons (sys_permission rows granting codes); none for a declared resource's page
   * (`component` of a declaration): its buttons are derived from the declaration
   */
  buttons?: SeedButton[];
  children?: SeedMenu[];
}

/** Dictionary with its items (value → text), seeded into sys_dict / sys_dict_item. */
export interface SeedDict {
  code: string;
  name: string;
  /** 0 string values, 1 numeric values */
  type?: 0 | 1;
  items: Array<{ value: string; text: string; color?: string }>;
}

/** A role and what it is granted: 'all' or a list of menu urls and permission codes. */
export interface SeedRole {
  code: string;
  name: string;
  description: string;
  grants: 'all' | { menus: string[]; perms: PermissionCode[] };
}

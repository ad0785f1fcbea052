/** `meta` of a menu node. */
export interface MenuMeta {
  title?: string;
  icon?: string;
  /** external or iframe url, may hold `{{ … }}` placeholders */
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  hideMenu?: boolean;
  hideTab?: boolean;
}

/**
 * A node of `getUserPermissionByToken`'s `menu` (jeecg-api.md §4.1): the server builds it, the client
 * routes and draws it. `hidden`/`alwaysShow` keys are present only when true; `redirect` only on roots.
 */
export interface MenuNode {
  id: string;
  /** "1" registers a route; "0" shows the menu without one */
  route: '1' | '0';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

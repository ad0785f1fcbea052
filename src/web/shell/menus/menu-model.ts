/** The server menu (getUserPermissionByToken) turned into what the client routes and shows. */
import type { MenuNode } from '../../../shared/menu.ts';

export type { MenuNode };

/** A routable page: the node, its resolved target and its ancestors (for the breadcrumb). */
export interface MenuEntry {
  node: MenuNode;
  path: string;
  title: string;
  /** where this entry sends you: folders redirect to their first visible child */
  redirect?: string;
  /** evaluated external url of iframe pages */
  url?: string;
  parents: MenuNode[];
}

/** The component the original system used for the menu table of another client version. */
export const WRONG_VERSION_COMPONENT = 'layouts/default/index';

/**
 * Placeholders allowed in `meta.url` (`{{ … }}`). Menu rows are data: arbitrary expressions are never
 * evaluated, only these known ones. JeecgBoot's `${token}` is replaced by nothing: an access token
 * in a URL ends up in server logs, browser history and Referer headers.
 */
export function evaluateUrl(url: string, env: { apiBase: string }): string {
  const origin = new URL(env.apiBase, window.location.origin).toString().replace(/\/$/, '');
  return url
    .replace(
      /\{\{\s*window\._CONFIG\[['"](domianURL|staticDomainURL|onlinePreviewDomainURL)['"]\]\s*\}\}/g,
      origin,
    )
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/\$\{token\}/g, '');
}

const firstVisibleChild = (n: MenuNode): MenuNode | undefined =>
  n.children?.find((c) => !c.hidden && c.route !== '0') ?? n.children?.find((c) => c.route !== '0');

/** Index every routable node by path (route flag "0" skipped; alwaysShow folders redirect to themselves). */
export function indexMenu(
  menu: MenuNode[],
  env: { apiBase: string; token: string | null },
): Map<string, MenuEntry> {
  const out = new Map<string, MenuEntry>();
  const walk = (nodes: MenuNode[], parents: MenuNode[]) => {
    for (const node of nodes) {
      if (node.route !== '0' && node.path) {
        const isFolder = !!node.children?.length && node.component.startsWith('layouts/') && !node.meta.url;
        const child = isFolder ? firstVisibleChild(node) : undefined;
        const redirect =
          node.alwaysShow && !isFolder ? undefined : (node.redirect ?? child?.path) || undefined;
        out.set(node.path, {
          node,
          path: node.path,
          title: node.meta.title ?? node.name,
          redirect: isFolder ? redirect : undefined,
          url: node.meta.url ? evaluateUrl(node.meta.url, env) : undefined,
          parents,
        });
      }
      if (node.children?.length) walk(node.children, [...parents, node]);
    }
  };
  walk(menu, []);
  return out;
}

/**
 * Every page a person can navigate to and see in menus (spec §2: menu search lists every non-hidden
 * entry): routable, not a folder, and neither it nor a folder above it hidden.
 */
export function navigablePages(index: Map<string, MenuEntry>): MenuEntry[] {
  return [...index.values()].filter(
    (e) => !e.node.hidden && !e.redirect && !e.node.meta.hideMenu && !e.parents.some((p) => p.hidden),
  );
}

/** The entry for a browser path: exact match, else the longest matching prefix of a routable parent. */
export function matchPath(index: Map<string, MenuEntry>, pathname: string): MenuEntry | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return index.get(clean);
}

/** `nav.<camelCasedPath>` id of the navigation command of a menu path. */
export function navCommandId(path: string): string {
  const words = path
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    );
  const body = words.join('') || 'home';
  return `nav.${/^[a-z]/.test(body) ? body : `p${body}`}`;
}

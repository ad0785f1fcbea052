import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { sysPermission } from '../../db/schema/index.ts';
import { bare } from '../../lib/http/result.ts';
import { buildMenuTree, buttonAuth } from '../../lib/access/menu-tree.ts';
import { allButtonRows, grantedPermissionRows } from '../../repos/permissions.ts';
import { caller } from '../../plugins/auth.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

const HOME = '首页';

/**
 * GET /sys/permission/getUserPermissionByToken: the caller's menu tree and button rights (§4.1);
 * GET /sys/permission/menuPathExists?path=: whether a path is a live menu page (root or sub menu),
 * whoever holds it, so the client shows 403 for a page the caller lacks and 404 for a typo.
 */
export default async function permissionRoutes(app: FastifyInstance) {
  route<{ Querystring: { path?: unknown } }>(app, ENDPOINTS.auth.menuPathExists, async (req) => {
    const path = typeof req.query.path === 'string' ? req.query.path : '';
    if (!path.startsWith('/')) return bare(false);
    const [row] = await app.db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(
        and(
          eq(sysPermission.url, path),
          inArray(sysPermission.menuType, [0, 1]),
          eq(sysPermission.delFlag, 0),
        ),
      )
      .limit(1);
    return bare(!!row);
  });

  route(app, ENDPOINTS.auth.permissions, async (req) => {
    const { user } = caller(req);
    const [granted, buttons] = await Promise.all([
      grantedPermissionRows(app.db, user.id),
      allButtonRows(app.db),
    ]);
    if (!granted.some((r) => r.name === HOME && r.menuType === 0)) {
      const [home] = await app.db
        .select()
        .from(sysPermission)
        .where(and(eq(sysPermission.name, HOME), eq(sysPermission.menuType, 0), eq(sysPermission.delFlag, 0)))
        .limit(1);
      if (home) granted.unshift(home);
    }
    return bare({
      menu: buildMenuTree(granted),
      ...buttonAuth(granted, buttons),
      sysSafeMode: app.config.safeMode,
      // JeecgBoot's clients carry the signing secret of the dictionary calls in their bundle; ours
      // learns it here, signed in, when signing is configured
      ...(app.config.signatureSecret ? { signatureSecret: app.config.signatureSecret } : {}),
    });
  });
}

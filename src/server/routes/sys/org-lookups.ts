import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { sysDepart, sysRole } from '../../db/schema/index.ts';
import { formatDateTime } from '../../lib/http/time.ts';
import { fail, ok } from '../../lib/http/result.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

interface DepartIdModel {
  key: string;
  value: string;
  title: string;
  children: DepartIdModel[];
}

/** Role and department lookups the user form needs (jeecg-api.md §6.2, §6.3). */
export default async function orgLookupRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS.role.queryall, async () => {
    const roles = await app.db.select().from(sysRole).orderBy(asc(sysRole.roleCode));
    if (roles.length === 0) return fail('未找到角色信息');
    return ok(
      roles.map((r) => ({
        id: r.id,
        roleName: r.roleName,
        roleCode: r.roleCode,
        description: r.description,
        createBy: r.createBy,
        createTime: formatDateTime(r.createTime, app.config.timezone),
      })),
    );
  });

  route(app, ENDPOINTS.depart.queryIdTree, async () => {
    const rows = await app.db
      .select()
      .from(sysDepart)
      .where(eq(sysDepart.delFlag, '0'))
      .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
    const nodes = new Map(
      rows.map((d) => [
        d.id,
        { key: d.id, value: d.id, title: d.departName, children: [] as DepartIdModel[] },
      ]),
    );
    const roots: DepartIdModel[] = [];
    for (const d of rows) {
      const parent = d.parentId ? nodes.get(d.parentId) : undefined;
      (parent ? parent.children : roots).push(nodes.get(d.id)!);
    }
    return ok(roots);
  });
}

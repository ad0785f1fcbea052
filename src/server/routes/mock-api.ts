import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { PROJECT } from '../../shared/resources/project.ts';
import {
  sysDepart,
  sysLog,
  sysRole,
  sysUser,
  sysUserDepart,
  sysUserRole,
  yyProject,
  yyVisitOrderItem,
} from '../db/schema/index.ts';
import { ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import type { AuthContext } from '../plugins/auth.ts';

/** Log type of an operation in sys_log (1 is a login). */
const OPERATION = 2;
/** JeecgBoot's operate types (jeecg-api.md §6.9) as the 工作台 shows them. */
const OPERATE_LABELS: Record<number, string> = {
  1: '查询',
  2: '添加',
  3: '编辑',
  4: '删除',
  5: '导入',
  6: '导出',
};
/** How far back the 工作台's radar counts one's operations. */
const RADAR_DAYS = 30;

/** A page of the mock's list shape (`{ data, pageSize, pageNo, totalPage, totalCount }`). */
const page = <T>(data: T[]) => ({
  data,
  pageSize: data.length,
  pageNo: 1,
  totalPage: 1,
  totalCount: data.length,
});

const authOf = (req: FastifyRequest): AuthContext => req.auth!;

/** The first picture of a comma-separated list, or '' (the client shows its default avatar). */
const firstPicture = (list: string | null | undefined) => (list ?? '').split(',')[0]?.trim() ?? '';

/**
 * JeecgBoot's demo MockController, as the original 3.3.0 client's 工作台 and 个人中心 call it
 * (`/mock/api/…`, JSON files there), answered with the caller's own figures in the files' shapes:
 * - `workplace/teams`: the caller's departments (`{ id, name, avatar }`);
 * - `workplace/activity`: the caller's latest operations from the log
 *   (`{ id, user: { nickname, avatar }, project: { name, action, event }, time }`);
 * - `workplace/radar`: the caller's operations of the last 30 days by kind, next to the average of
 *   the members of the caller's departments and of everyone (`{ item, 个人, 团队, 部门 }`);
 * - `list/search/projects` and `service`: the service projects (for a caller who may list them;
 *   otherwise an empty page), with how many order lines each has;
 * - `role`: the caller's own roles.
 * Nobody sees another person's operations here: the log screen is where that needs its permission.
 */
export default async function mockApiRoutes(app: FastifyInstance) {
  const db = app.db;

  async function myDepartIds(userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: sysUserDepart.depId })
      .from(sysUserDepart)
      .where(eq(sysUserDepart.userId, userId));
    return rows.map((r) => r.id);
  }

  route(app, ENDPOINTS.mock.teams, async (req) => {
    const ids = await myDepartIds(authOf(req).user.id);
    if (!ids.length) return ok([]);
    const rows = await db
      .select({ id: sysDepart.id, name: sysDepart.departName })
      .from(sysDepart)
      .where(and(inArray(sysDepart.id, ids), eq(sysDepart.delFlag, '0')))
      .orderBy(asc(sysDepart.departOrder), asc(sysDepart.departName));
    return ok(rows.map((r) => ({ id: r.id, name: r.name, avatar: '' })));
  });

  route(app, ENDPOINTS.mock.activity, async (req) => {
    const { user } = authOf(req);
    const rows = await db
      .select({
        id: sysLog.id,
        content: sysLog.logContent,
        operateType: sysLog.operateType,
        time: sql<string>`to_char(${sysLog.createTime} AT TIME ZONE ${app.config.timezone}, 'YYYY-MM-DD HH24:MI:SS')`,
      })
      .from(sysLog)
      .where(and(eq(sysLog.logType, OPERATION), eq(sysLog.userid, user.id)))
      .orderBy(desc(sysLog.createTime), desc(sysLog.id))
      .limit(10);
    return ok(
      rows.map((r) => ({
        id: r.id,
        user: { nickname: user.realname || user.username, avatar: user.avatar ?? '' },
        project: {
          name: r.content ?? '',
          action: OPERATE_LABELS[r.operateType ?? 0] ?? '操作',
          event: '',
        },
        time: r.time,
      })),
    );
  });

  route(app, ENDPOINTS.mock.radar, async (req) => {
    const { user } = authOf(req);
    const since = sql`now() - make_interval(days => ${RADAR_DAYS})`;
    const departs = await myDepartIds(user.id);
    const teamIds = departs.length
      ? (
          await db
            .selectDistinct({ id: sysUserDepart.userId })
            .from(sysUserDepart)
            .where(inArray(sysUserDepart.depId, departs))
        ).map((r) => r.id)
      : [user.id];
    const [everyone] = await db.select({ n: count() }).from(sysUser);
    /** operations per kind of the given users (all users when undefined) */
    const byKind = async (userIds?: string[]) => {
      const rows = await db
        .select({ kind: sysLog.operateType, n: count() })
        .from(sysLog)
        .where(
          and(
            eq(sysLog.logType, OPERATION),
            gte(sysLog.createTime, since),
            userIds ? inArray(sysLog.userid, userIds) : undefined,
          ),
        )
        .groupBy(sysLog.operateType);
      return new Map(rows.map((r) => [r.kind ?? 0, Number(r.n)]));
    };
    const [mine, team, all] = await Promise.all([byKind([user.id]), byKind(teamIds), byKind()]);
    const average = (total: number, people: number) => Math.round((total / Math.max(people, 1)) * 10) / 10;
    return ok(
      Object.entries(OPERATE_LABELS).map(([kind, item]) => ({
        item,
        个人: mine.get(Number(kind)) ?? 0,
        团队: average(team.get(Number(kind)) ?? 0, teamIds.length),
        部门: average(all.get(Number(kind)) ?? 0, Number(everyone?.n ?? 0)),
      })),
    );
  });

  /** the service projects with their order-line counts, for a caller who may list projects */
  async function projects(req: FastifyRequest) {
    if (!authOf(req).perms.has(PROJECT.perms.list)) return [];
    const lines = db
      .select({ projectId: yyVisitOrderItem.projectId, n: count().as('n') })
      .from(yyVisitOrderItem)
      .groupBy(yyVisitOrderItem.projectId)
      .as('lines');
    return db
      .select({
        id: yyProject.id,
        name: yyProject.name,
        images: yyProject.images,
        suitable: yyProject.suitable,
        category: yyProject.category,
        status: yyProject.status,
        updatedAt: sql<string>`to_char(coalesce(${yyProject.updateTime}, ${yyProject.createTime}) AT TIME ZONE ${app.config.timezone}, 'YYYY-MM-DD HH24:MI:SS')`,
        orders: sql<number>`coalesce(${lines.n}, 0)::int`,
      })
      .from(yyProject)
      .leftJoin(lines, eq(lines.projectId, yyProject.id))
      .orderBy(asc(yyProject.sort), asc(yyProject.name));
  }

  route(app, ENDPOINTS.mock.projects, async (req) =>
    ok(
      page(
        (await projects(req)).map((p) => ({
          id: p.id,
          cover: firstPicture(p.images),
          title: p.name,
          description: p.suitable ?? '',
          status: p.status === '1' ? 1 : 0,
          updatedAt: p.updatedAt,
        })),
      ),
    ),
  );

  route(app, ENDPOINTS.mock.service, async (req) =>
    ok(
      page(
        (await projects(req)).map((p, i) => ({
          key: p.id,
          no: `No ${i + 1}`,
          description: p.name,
          callNo: Number(p.orders),
          status: p.status === '1' ? 1 : 0,
          updatedAt: p.updatedAt,
          editable: false,
        })),
      ),
    ),
  );

  route(app, ENDPOINTS.mock.role, async (req) => {
    const { user } = authOf(req);
    const rows = await db
      .select({
        id: sysRole.id,
        name: sysRole.roleName,
        code: sysRole.roleCode,
        describe: sysRole.description,
        createTime: sql<string>`to_char(${sysRole.createTime} AT TIME ZONE ${app.config.timezone}, 'YYYY-MM-DD HH24:MI:SS')`,
      })
      .from(sysRole)
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRole.id))
      .where(eq(sysUserRole.userId, user.id))
      .orderBy(asc(sysRole.roleCode));
    return ok(
      page(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          roleCode: r.code,
          describe: r.describe ?? '',
          status: 1,
          createTime: r.createTime,
          deleted: 0,
        })),
      ),
    );
  });
}

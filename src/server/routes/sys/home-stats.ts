import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HOME_STATS, type LoginInfo, type VisitDay } from '../../../shared/home-stats.ts';
import { sysLog } from '../../db/schema/index.ts';
import { ok } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';

/** Log type of a login in sys_log. */
const LOGIN = 1;

/**
 * GET /sys/loginfo and /sys/visitInfo: login counts from the log, days in the server's zone
 * (APP_TIMEZONE); the zone is a bound value, the days with no login count 0.
 */
export default async function homeStatsRoutes(app: FastifyInstance) {
  const tz = app.config.timezone;
  /** the local midnight starting today, as a timestamptz */
  const today = sql`(date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz})`;

  route(app, HOME_STATS.loginfo, async () => {
    const [row] = await app.db
      .select({
        totalVisitCount: sql<number>`count(*)::int`,
        todayVisitCount: sql<number>`(count(*) FILTER (WHERE ${sysLog.createTime} >= ${today}))::int`,
        todayIp: sql<number>`(count(DISTINCT ${sysLog.ip}) FILTER (WHERE ${sysLog.createTime} >= ${today}))::int`,
      })
      .from(sysLog)
      .where(sql`${sysLog.logType} = ${LOGIN}`);
    const info: LoginInfo = {
      totalVisitCount: Number(row?.totalVisitCount ?? 0),
      todayVisitCount: Number(row?.todayVisitCount ?? 0),
      todayIp: Number(row?.todayIp ?? 0),
    };
    return ok(info);
  });

  route(app, HOME_STATS.visitInfo, async () => {
    const result = (await app.db.execute(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS tian, to_char(d, 'MM-DD') AS type,
             count(l.id)::int AS visit, count(DISTINCT l.ip)::int AS ip
      FROM generate_series(
             ((now() AT TIME ZONE ${tz})::date - 6)::timestamp,
             (now() AT TIME ZONE ${tz})::date::timestamp,
             interval '1 day'
           ) AS d
      LEFT JOIN ${sysLog} l
        ON l.log_type = ${LOGIN}
       AND l.create_time >= (d AT TIME ZONE ${tz})
       AND l.create_time < ((d + interval '1 day') AT TIME ZONE ${tz})
      GROUP BY d
      ORDER BY d`)) as unknown as { rows: Array<{ tian: string; type: string; visit: number; ip: number }> };
    const rows = result.rows;
    const days: VisitDay[] = rows.map((r) => ({
      visit: Number(r.visit),
      ip: Number(r.ip),
      tian: r.tian,
      type: r.type,
    }));
    return ok(days);
  });
}

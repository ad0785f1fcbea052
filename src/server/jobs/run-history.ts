import { count, desc, type SQL } from 'drizzle-orm';
import type { JobRun } from '../../shared/resources/quartz-job.ts';
import type { Db } from '../db/client.ts';
import { sysQuartzJobLog } from '../db/schema/index.ts';
import { bare, page } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';

/**
 * One page of job runs (sys_quartz_job_log) matching `where`, newest first, in the shape of
 * 执行记录: 定时任务's runs of a job and 保存的脚本's runs of a script answer with it.
 */
export async function jobRunsPage(
  db: Db,
  where: SQL | undefined,
  tz: string,
  paging: { pageNo: number; pageSize: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysQuartzJobLog)
      .where(where)
      .orderBy(desc(sysQuartzJobLog.startTime), desc(sysQuartzJobLog.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
    db.select({ n: count() }).from(sysQuartzJobLog).where(where),
  ]);
  const runs: JobRun[] = rows.map((r) => ({
    id: r.id,
    jobId: r.jobId,
    trigger: r.trigger,
    fireTime: formatDateTime(r.fireTime, tz) ?? '',
    startTime: formatDateTime(r.startTime, tz) ?? '',
    endTime: formatDateTime(r.endTime, tz),
    durationMs: r.durationMs,
    status: r.status,
    error: r.error,
    result: r.result,
    instance: r.instance,
  }));
  return bare(page(runs, total?.n ?? 0, paging.pageNo, paging.pageSize));
}

/**
 * The handlers every install has: JeecgBoot's two samples (they record each run in the operation
 * log), telling every open client to re-read the dictionaries, and housekeeping (expired tokens and
 * codes, old login attempts, logs and run history, each kept as long as the job's parameter says).
 */
import { and, eq, isNotNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import {
  sysLog,
  sysLoginAttempt,
  sysQuartzJobLog,
  sysSessionActivity,
  sysUserToken,
  sysVerifyCode,
} from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { formatDateTime } from '../lib/http/time.ts';
import type { JobContext, JobRegistry } from './registry.ts';
import { failRunsStartedBefore } from './stale-runs.ts';

export const BUILTIN_JOBS = {
  sample: 'org.jeecg.modules.quartz.job.SampleJob',
  sampleParam: 'org.jeecg.modules.quartz.job.SampleParamJob',
  dictRefresh: 'care.jobs.DictCacheRefreshJob',
  housekeeping: 'care.jobs.HousekeepingJob',
} as const;

/** How many days housekeeping keeps each kind of record unless the parameter says otherwise. */
export const RETENTION_DEFAULTS = {
  logDays: 180,
  jobLogDays: 30,
  loginAttemptDays: 7,
  /** hours after which a run still 执行中 is taken for interrupted (its process died) */
  staleRunHours: 24,
} as const;
type Retention = Record<keyof typeof RETENTION_DEFAULTS, number>;

/**
 * The retention a housekeeping parameter asks for: JSON (`{"logDays":90}`) or `key=value` pairs
 * separated by commas (`logDays=90,jobLogDays=7`); whole days of at least 1.
 */
export function parseRetention(parameter: string | null): Retention {
  const out: Retention = { ...RETENTION_DEFAULTS };
  const text = (parameter ?? '').trim();
  if (!text) return out;
  let pairs: Array<[string, unknown]>;
  if (text.startsWith('{')) {
    try {
      pairs = Object.entries(JSON.parse(text) as Record<string, unknown>);
    } catch {
      throw new Error('参数不是合法的JSON');
    }
  } else
    pairs = text
      .split(/[,;，；\s]+/)
      .filter(Boolean)
      .map((p) => p.split('=').map((s) => s.trim()) as [string, string]);
  for (const [key, value] of pairs) {
    if (!(key in RETENTION_DEFAULTS)) throw new Error(`未知的参数：${key}`);
    const days = Number(value);
    if (!Number.isInteger(days) || days < 1 || days > 36_500)
      throw new Error(`${key} 应为 1 到 36500 的整数`);
    out[key as keyof Retention] = days;
  }
  return out;
}

const DAY_MS = 86_400_000;

/** A line in the operation log saying that a sample job ran. */
async function recordRun(ctx: JobContext, name: string): Promise<string> {
  const when = formatDateTime(ctx.fireTime, 'UTC') ?? '';
  const param = ctx.parameter ? `，参数: ${ctx.parameter}` : '';
  const text = `定时任务 ${name} 执行，计划时间 ${when} UTC${param}`;
  await ctx.db.insert(sysLog).values({
    id: newId(),
    logType: 2,
    operateType: 1,
    logContent: text,
    username: 'system',
    method: `${name}#${ctx.jobId}#${ctx.trigger}#${ctx.fireTime.toISOString()}`,
    requestType: 'JOB',
    createBy: 'system',
  });
  return `${text}（${ctx.instance}）`;
}

/** Register the built-in handlers. */
export function registerBuiltinJobs(registry: JobRegistry): JobRegistry {
  return registry
    .register({
      className: BUILTIN_JOBS.sample,
      title: '示例任务：在操作日志中记录每次执行',
      run: (ctx) => recordRun(ctx, 'SampleJob'),
    })
    .register({
      className: BUILTIN_JOBS.sampleParam,
      title: '带参数的示例任务：记录每次执行及其参数',
      parameter: '任意文本，记入日志',
      run: (ctx) => recordRun(ctx, 'SampleParamJob'),
    })
    .register({
      className: BUILTIN_JOBS.dictRefresh,
      title: '刷新字典缓存：通知所有在线客户端重新读取字典',
      async run(ctx) {
        ctx.notices.send(null, { cmd: 'dict' });
        return '已通知所有在线客户端刷新字典缓存';
      },
    })
    .register({
      className: BUILTIN_JOBS.housekeeping,
      title: '清理：过期令牌与验证码、旧的登录尝试、日志和任务执行记录',
      parameter: '保留天数，如 logDays=180,jobLogDays=30,loginAttemptDays=7,staleRunHours=24',
      async run(ctx) {
        const keep = parseRetention(ctx.parameter);
        const now = Date.now();
        const before = (days: number) => new Date(now - days * DAY_MS);
        const db = ctx.db;
        const tokens = await db
          .delete(sysUserToken)
          .where(or(lt(sysUserToken.expiresAt, new Date(now)), isNotNull(sysUserToken.revokedAt)))
          .returning({ id: sysUserToken.tokenHash });
        // the last use of sessions whose token is gone
        await db.delete(sysSessionActivity).where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(sysUserToken)
              .where(eq(sysUserToken.tokenHash, sysSessionActivity.tokenHash)),
          ),
        );
        const codes = await db
          .delete(sysVerifyCode)
          .where(lt(sysVerifyCode.expiresAt, new Date(now)))
          .returning({ id: sysVerifyCode.key });
        const attempts = await db
          .delete(sysLoginAttempt)
          .where(lt(sysLoginAttempt.createdAt, before(keep.loginAttemptDays)))
          .returning({ id: sysLoginAttempt.id });
        const logs = await db
          .delete(sysLog)
          .where(lt(sysLog.createTime, before(keep.logDays)))
          .returning({ id: sysLog.id });
        // runs whose process died stay 执行中 unless marked: after staleRunHours they are failed
        const interrupted = await failRunsStartedBefore(db, new Date(now - keep.staleRunHours * 3_600_000));
        const runs = await db
          .delete(sysQuartzJobLog)
          .where(
            and(
              lt(sysQuartzJobLog.startTime, before(keep.jobLogDays)),
              ne(sysQuartzJobLog.status, 'running'),
            ),
          )
          .returning({ id: sysQuartzJobLog.id });
        return (
          `清理过期令牌 ${tokens.length} 个、验证码 ${codes.length} 个、登录尝试 ${attempts.length} 条、` +
          `日志 ${logs.length} 条（保留 ${keep.logDays} 天）、任务执行记录 ${runs.length} 条（保留 ${keep.jobLogDays} 天）` +
          (interrupted ? `，标记中断的执行 ${interrupted} 条` : '')
        );
      },
    });
}

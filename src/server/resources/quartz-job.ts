import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowReach } from '../lib/access/row-scope.ts';
import { CRON_MSG, isQuartzCron } from '../../shared/cron.ts';
import { JOB_ENDPOINTS, JOB_MSG, JOB_STATUS, QUARTZ_JOB } from '../../shared/resources/quartz-job.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../db/schema/index.ts';
import { SCRIPT_JOB_PREFIX } from '../../shared/resources/saved-script.ts';
import { SCHEDULER_CHANNEL } from '../jobs/scheduler.ts';
import { jobRunsPage } from '../jobs/run-history.ts';
import { parsePaging, str } from '../lib/query/query-generator.ts';
import { BizError, ok, okMessage } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { parseWith } from '../lib/http/validate.ts';
import type { ResourceHandler, ServerResource } from './register.ts';

type Q = Record<string, string | undefined>;

/** The job a request names by `id`, or the resource's not-found error. */
async function jobOf(req: FastifyRequest<{ Querystring: Q }>) {
  const id = str(req.query.id) ?? '';
  // a job out of the caller's reach (data rules) is not there for them
  const [job] = id
    ? await req.server.db
        .select()
        .from(sysQuartzJob)
        .where(and(eq(sysQuartzJob.id, id), await rowReach(req, quartzJobServer)))
    : [];
  if (!job) throw new BizError(QUARTZ_JOB.notFound);
  return job;
}

/** The refusal of a class name no handler is registered for (JeecgBoot: the class is not found). */
function unknownHandler(app: FastifyInstance, className: unknown): string | undefined {
  const name = typeof className === 'string' ? className.trim() : '';
  return name && !app.jobs.has(name) ? JOB_MSG.unknownClass(name) : undefined;
}

/**
 * A saved script's job is made and changed by its owner's 保存的脚本 (`savedScript schedule`): it
 * runs as the owner, so nobody else chooses its values. Stop, start, run now and delete remain.
 */
const isScriptJob = (className: unknown) =>
  typeof className === 'string' && className.trim().startsWith(SCRIPT_JOB_PREFIX);

async function assertNotScriptJob(req: FastifyRequest, body: Q) {
  if (isScriptJob(body.jobClassName)) throw new BizError(SCRIPT_JOB_MSG);
  if (body.id && body.parameter !== undefined) {
    const [row] = await req.server.db
      .select({ className: sysQuartzJob.jobClassName })
      .from(sysQuartzJob)
      .where(eq(sysQuartzJob.id, String(body.id)));
    if (isScriptJob(row?.className)) throw new BizError(SCRIPT_JOB_MSG);
  }
}
const SCRIPT_JOB_MSG = '脚本的定时任务请在「保存的脚本」中设置';

function assertHandler(req: FastifyRequest, className: unknown) {
  const refused = unknownHandler(req.server, className);
  if (refused) throw new BizError(refused);
}

/**
 * A generated write, then every instance re-reads the jobs (a job edited is rescheduled). A job
 * saved must name a registered handler (checked after the fields' own rules).
 */
const thenReschedule =
  (message?: string, schema?: z.ZodType) =>
  (generated: ResourceHandler): ResourceHandler =>
  async (req, reply) => {
    if (schema) {
      const body = parseWith(schema, req.body) as Q;
      await assertNotScriptJob(req, body);
      assertHandler(req, body.jobClassName);
    }
    const answer = await generated(req, reply);
    await req.server.scheduler.changed();
    return message ? okMessage(message) : answer;
  };

/**
 * 定时任务: the generated family (whose writes reschedule on every instance), stop, start, run once
 * now, a job's run history and the handlers the server knows.
 */
export const quartzJobServer: ServerResource = {
  resource: QUARTZ_JOB,
  table: sysQuartzJob,
  hooks: {
    async beforeSave({ op, db, data }) {
      // a job saved without a status is stopped (JeecgBoot's default)
      if (data.status === null) data.status = JOB_STATUS.stopped;
      // an imported job reaches the schedulers when its transaction commits
      if (op === 'add') await db.execute(sql`select pg_notify(${SCHEDULER_CHANNEL}, '{}')`);
    },
    // an imported job must name a handler, as an added one (a row naming none is refused)
    importRow: (app, data) =>
      isScriptJob(data.jobClassName) ? SCRIPT_JOB_MSG : unknownHandler(app, data.jobClassName),
    async beforeDelete({ db, ids }) {
      await db.delete(sysQuartzJobLog).where(inArray(sysQuartzJobLog.jobId, ids));
    },
  },
  transitions: {
    // every instance re-reads the jobs after a stop or start
    pause: { afterCommit: ({ app }) => app.scheduler.changed() },
    resume: {
      // a job started must be able to run
      guard: ({ app, row }) =>
        unknownHandler(app, row.jobClassName) ??
        (isQuartzCron(String(row.cronExpression)) ? undefined : CRON_MSG.invalid),
      afterCommit: ({ app }) => app.scheduler.changed(),
    },
  },
  override: {
    add: thenReschedule(undefined, QUARTZ_JOB.addSchema),
    edit: thenReschedule(undefined, QUARTZ_JOB.editSchema),
    delete: thenReschedule(),
    deleteBatch: thenReschedule(JOB_MSG.deletedBatch),
  },
  routes(app) {
    const db = app.db;
    const tz = app.config.timezone;

    route<{ Querystring: Q }>(app, JOB_ENDPOINTS.execute, async (req) => {
      const job = await jobOf(req);
      assertHandler(req, job.jobClassName);
      await app.scheduler.runNow(job);
      return okMessage(JOB_MSG.executed);
    });

    route<{ Querystring: Q }>(app, JOB_ENDPOINTS.runs, async (req) => {
      const jobId = str(req.query.jobId) ?? '';
      const { pageNo, pageSize, offset } = parsePaging(req.query);
      // the runs of a job out of the caller's reach (data rules) are not there for them
      const reach = await rowReach(req, quartzJobServer);
      const where = and(
        eq(sysQuartzJobLog.jobId, jobId),
        reach
          ? inArray(sysQuartzJobLog.jobId, db.select({ id: sysQuartzJob.id }).from(sysQuartzJob).where(reach))
          : undefined,
      );
      return jobRunsPage(db, where, tz, { pageNo, pageSize, offset });
    });

    route(app, JOB_ENDPOINTS.handlers, async () => ok(app.jobs.list()));
  },
};

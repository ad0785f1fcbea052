import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CRON_MSG, isQuartzCron } from '../../shared/cron.ts';
import { JOB_STATUS } from '../../shared/resources/quartz-job.ts';
import {
  SAVED_SCRIPT,
  SCRIPT_JOB_PREFIX,
  SCRIPT_MSG,
  SCRIPT_RUN,
  SCRIPT_RUNS,
  SCRIPT_SCHEDULE,
  scriptJobClass,
} from '../../shared/resources/saved-script.ts';
import type { Db } from '../db/client.ts';
import { careSavedScript, sysQuartzJob, sysQuartzJobLog } from '../db/schema/index.ts';
import { SCHEDULER_CHANNEL } from '../jobs/scheduler.ts';
import { jobRunsPage } from '../jobs/run-history.ts';
import { scriptVars } from '../jobs/saved-scripts.ts';
import { caller } from '../plugins/auth.ts';
import { BizError, ok, okMessage } from '../lib/http/result.ts';
import { oneParam, parseWith } from '../lib/http/validate.ts';
import { newId } from '../lib/query/ids.ts';
import { parsePaging } from '../lib/query/query-generator.ts';
import type { ServerResource } from './register.ts';

/** The expression of a script's job row before it is first scheduled (stopped: never armed). */
const UNSCHEDULED_CRON = '0 0 0 1 1 ? 2099';

const runBody = z.object({
  id: z.string({ error: '请选择脚本' }).min(1, '请选择脚本'),
  params: z.string().max(255).nullish(),
});
const scheduleBody = runBody.extend({
  cronExpression: z.string().max(255).nullish(),
});

type Script = typeof careSavedScript.$inferSelect;

/** Parameters as a run takes them, refused with the script's message when wrong. */
function checkedParams(script: Script, given: string | null | undefined): string | null {
  try {
    scriptVars(script.params, given ?? null);
  } catch (e) {
    throw new BizError(e instanceof Error ? e.message : String(e));
  }
  return given?.trim() || null;
}

/** The script's job row (created stopped the first time): its schedule and run history. */
async function scriptJob(db: Db, script: Script) {
  const className = scriptJobClass(script.id);
  await db
    .insert(sysQuartzJob)
    .values({
      id: newId(),
      jobClassName: className,
      cronExpression: UNSCHEDULED_CRON,
      status: JOB_STATUS.stopped,
      description: `脚本「${script.title}」（${script.createBy ?? ''}）`.slice(0, 255),
      createBy: script.createBy,
    })
    .onConflictDoNothing();
  const [job] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobClassName, className));
  return job!;
}

/**
 * 保存的脚本: each caller reaches only their own (`owner`); names unique per owner; run now, the
 * schedule (a 定时任务 row of the family `care.scripts.S<id>`) and the run history beside them.
 */
export const savedScriptServer: ServerResource = {
  resource: SAVED_SCRIPT,
  table: careSavedScript,
  owner: { column: 'createBy' },
  computed: {
    // the schedule while it runs
    cron: () =>
      sql`(select j.cron_expression from ${sysQuartzJob} j where j.job_class_name = ${SCRIPT_JOB_PREFIX} || ${careSavedScript.id} and j.status = ${JOB_STATUS.running})`,
  },
  hooks: {
    async beforeSave({ op, tx, user, data, original }) {
      const name = typeof data.name === 'string' ? data.name : undefined;
      if (name === undefined) return;
      const owner = op === 'add' ? user.username : String(original?.createBy ?? user.username);
      const [taken] = await tx
        .select({ id: careSavedScript.id })
        .from(careSavedScript)
        .where(
          and(
            eq(careSavedScript.createBy, owner),
            eq(careSavedScript.name, name),
            original ? ne(careSavedScript.id, original.id) : undefined,
          ),
        );
      if (taken) throw new BizError(SCRIPT_MSG.nameTaken);
    },
    async beforeDelete({ db, ids }) {
      // the schedules and run histories go with their scripts; every scheduler re-reads its jobs
      const classes = ids.map(scriptJobClass);
      const jobs = await db
        .select({ id: sysQuartzJob.id })
        .from(sysQuartzJob)
        .where(inArray(sysQuartzJob.jobClassName, classes));
      if (jobs.length) {
        const jobIds = jobs.map((j) => j.id);
        await db.delete(sysQuartzJobLog).where(inArray(sysQuartzJobLog.jobId, jobIds));
        await db.delete(sysQuartzJob).where(inArray(sysQuartzJob.id, jobIds));
        await db.execute(sql`select pg_notify(${SCHEDULER_CHANNEL}, '{}')`);
      }
    },
  },
  endpoints: [
    {
      contract: SCRIPT_RUN,
      async handler(req, access) {
        const body = parseWith(runBody, req.body);
        const script = (await access.find(req, body.id)) as Script | undefined;
        if (!script) throw new BizError(SAVED_SCRIPT.notFound);
        const parameter = checkedParams(script, body.params);
        const job = await scriptJob(req.server.db, script);
        const runId = await req.server.scheduler.runNow(job, { parameter });
        return ok({ runId, jobId: job.id }, SCRIPT_MSG.started);
      },
    },
    {
      contract: SCRIPT_SCHEDULE,
      async handler(req, access) {
        const body = parseWith(scheduleBody, req.body);
        const script = (await access.find(req, body.id)) as Script | undefined;
        if (!script) throw new BizError(SAVED_SCRIPT.notFound);
        const cron = body.cronExpression?.trim() || null;
        if (cron && !isQuartzCron(cron)) throw new BizError(CRON_MSG.invalid);
        const parameter = checkedParams(script, body.params);
        const job = await scriptJob(req.server.db, script);
        await req.server.db
          .update(sysQuartzJob)
          .set({
            ...(cron ? { cronExpression: cron, parameter } : {}),
            status: cron ? JOB_STATUS.running : JOB_STATUS.stopped,
            updateBy: caller(req).user.username,
            updateTime: new Date(),
          })
          .where(eq(sysQuartzJob.id, job.id));
        await req.server.scheduler.changed();
        return okMessage(cron ? SCRIPT_MSG.scheduled(cron) : SCRIPT_MSG.unscheduled);
      },
    },
    {
      contract: SCRIPT_RUNS,
      async handler(req, access) {
        const db = req.server.db;
        const tz = req.server.config.timezone;
        const script = (await access.find(req, oneParam(req.query, 'id') ?? '')) as Script | undefined;
        if (!script) throw new BizError(SAVED_SCRIPT.notFound);
        const { pageNo, pageSize, offset } = parsePaging(req.query as Record<string, string | undefined>);
        const jobs = db
          .select({ id: sysQuartzJob.id })
          .from(sysQuartzJob)
          .where(eq(sysQuartzJob.jobClassName, scriptJobClass(script.id)));
        const where = inArray(sysQuartzJobLog.jobId, jobs);
        return jobRunsPage(db, where, tz, { pageNo, pageSize, offset });
      },
    },
  ],
};

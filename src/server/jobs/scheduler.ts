/**
 * The scheduler: every instance arms a timer for the next firing of each running job (status 0,
 * a handler registered for its class name), computed by croner from the Quartz expression in the
 * server's time zone (src/shared/cron.ts). A firing is claimed by inserting its run row keyed by
 * (job, scheduled time, trigger): the unique index lets exactly one instance insert it, and only
 * that instance runs the handler — on several instances sharing a PostgreSQL as on one PGlite.
 *
 * A job added, edited, stopped, started or deleted on any instance reaches the others over the bus
 * (LISTEN/NOTIFY), which makes each re-read the jobs; a periodic re-read covers a missed message.
 * Stopping clears every timer, aborts running handlers' signal and waits for them to finish.
 */
import { inLane } from '../db/priority-pool.ts';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Cron } from 'croner';
import { parseQuartz } from '../../shared/cron.ts';
import { JOB_STATUS } from '../../shared/resources/quartz-job.ts';
import type { Db } from '../db/client.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import type { NoticeHub } from '../lib/realtime/notice-hub.ts';
import type { PgBus } from '../lib/realtime/pg-bus.ts';
import type { JobRegistry } from './registry.ts';
import { failRunsOfDeadProcesses } from './stale-runs.ts';

/** Bus channel saying "the jobs changed: read them again". */
export const SCHEDULER_CHANNEL = 'care_quartz';
/** A timer never waits longer than this before looking again (setTimeout's range, clock changes). */
const MAX_WAIT_MS = 3_600_000;
/** Longest error text kept in a run row. */
const MAX_ERROR = 2000;

type JobRow = typeof sysQuartzJob.$inferSelect;

interface Armed {
  cron: string;
  className: string;
  pattern: Cron;
  next: Date;
  timer: NodeJS.Timeout;
}

export interface SchedulerOptions {
  db: Db;
  bus: PgBus;
  notices: NoticeHub;
  log: FastifyBaseLogger;
  registry: JobRegistry;
  /** time zone the expressions are read in */
  timezone: string;
  /** how often the jobs are re-read without being told (default 60 s) */
  resyncMs?: number;
}

/** A name of this process among the instances (recorded with each run). */
const instanceName = () => `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;

export class Scheduler {
  readonly instance = instanceName();
  private readonly armed = new Map<string, Armed>();
  private readonly running = new Set<Promise<unknown>>();
  private abort = new AbortController();
  private stopped = true;
  private unsubscribe: (() => Promise<void>) | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly o: SchedulerOptions) {}

  /** Arm the running jobs and follow changes (app ready). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    // runs left 执行中 by a process of this host that died in the middle of them
    await failRunsOfDeadProcesses(this.o.db, this.instance).catch((e: unknown) =>
      this.o.log.error({ err: e }, 'scheduler: interrupted runs not marked'),
    );
    this.unsubscribe = await this.o.bus.subscribe(SCHEDULER_CHANNEL, () => void this.resync());
    await this.resync();
    this.resyncTimer = setInterval(() => void this.resync(), this.o.resyncMs ?? 60_000);
    this.resyncTimer.unref();
  }

  /** Stop firing, abort running handlers' signal and wait for them (app close). */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      clearInterval(this.resyncTimer);
      for (const a of this.armed.values()) clearTimeout(a.timer);
      this.armed.clear();
      await this.unsubscribe?.().catch(() => undefined);
      await this.chain;
    }
    // manual runs happen on an instance whose scheduler is off too
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  /** The next scheduled firing of each armed job on this instance. */
  schedule(): Map<string, Date> {
    return new Map([...this.armed].map(([id, a]) => [id, a.next]));
  }

  /** Jobs changed here: re-read them on this instance now, and tell the others. */
  async changed(): Promise<void> {
    await this.resync();
    await this.o.bus
      .publish(SCHEDULER_CHANNEL, { from: this.instance })
      .catch((e: unknown) => this.o.log.error({ err: e }, 'scheduler: change not published'));
  }

  /** Re-read the jobs and arm, re-arm or disarm timers to match (one re-read at a time). */
  resync(): Promise<void> {
    const next = this.chain
      .then(() => this.sync())
      .catch((e: unknown) => {
        this.o.log.error({ err: e }, 'scheduler: reading the jobs failed');
      });
    this.chain = next;
    return next;
  }

  private async sync(): Promise<void> {
    if (this.stopped) return;
    const rows = await this.o.db
      .select()
      .from(sysQuartzJob)
      .where(eq(sysQuartzJob.status, JOB_STATUS.running));
    if (this.stopped) return;
    const wanted = new Map(rows.filter((r) => this.o.registry.has(r.jobClassName)).map((r) => [r.id, r]));
    for (const [id, a] of this.armed) {
      const row = wanted.get(id);
      if (!row || row.cronExpression !== a.cron || row.jobClassName !== a.className) this.disarm(id);
    }
    for (const row of wanted.values()) if (!this.armed.has(row.id)) this.arm(row);
  }

  private disarm(id: string) {
    const a = this.armed.get(id);
    if (a) clearTimeout(a.timer);
    this.armed.delete(id);
  }

  /** Arm a job's next firing after `after` (none when its expression never fires again). */
  private arm(row: Pick<JobRow, 'id' | 'cronExpression' | 'jobClassName'>, after = new Date()) {
    const pattern = parseQuartz(row.cronExpression, this.o.timezone);
    if (!pattern) return void this.o.log.warn(`scheduler: job ${row.id} has an invalid expression`);
    const next = pattern.nextRun(after);
    if (!next) return;
    this.wait({ cron: row.cronExpression, className: row.jobClassName, pattern, next }, row.id);
  }

  private wait(a: Omit<Armed, 'timer'>, id: string) {
    const delay = Math.min(Math.max(a.next.getTime() - Date.now(), 0), MAX_WAIT_MS);
    // a firing is background work, even when a request (a job saved or resumed) armed it
    const timer = setTimeout(() => inLane('read', () => this.tick(id)), delay);
    this.armed.set(id, { ...a, timer });
  }

  private tick(id: string) {
    const a = this.armed.get(id);
    if (!a || this.stopped) return;
    // a long wait is cut into pieces, and a timer may wake a little early
    if (Date.now() < a.next.getTime()) return this.wait(a, id);
    const fireTime = a.next;
    // arm the following firing first, so a long run delays nothing; firings missed while this
    // process was busy are skipped (Quartz's "do nothing" misfire rule)
    const following = a.pattern.nextRun(new Date(Math.max(Date.now(), fireTime.getTime())));
    if (following) this.wait({ ...a, next: following }, id);
    else this.armed.delete(id);
    this.track(this.fire(id, a, fireTime));
  }

  /** Run a cron firing, unless the job changed meanwhile or another instance claimed it. */
  private async fire(id: string, a: Armed, fireTime: Date) {
    const [job] = await this.o.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, id));
    if (
      !job ||
      job.status !== JOB_STATUS.running ||
      job.cronExpression !== a.cron ||
      job.jobClassName !== a.className
    )
      return void this.resync();
    const runId = await this.claim(job, fireTime, 'cron');
    if (runId) await this.perform(job, runId, fireTime, 'cron');
  }

  /**
   * Run a job once now (JeecgBoot's execute), on this instance; resolves with its run id once the
   * run is recorded, before it finishes.
   */
  async runNow(job: JobRow, opts: { parameter?: string | null } = {}): Promise<string> {
    const fireTime = new Date();
    const runId = await this.claim(job, fireTime, 'manual');
    if (!runId) throw new Error('run not recorded');
    // this run's parameter, when the caller gives one (a saved script run with other values)
    const run = opts.parameter !== undefined ? { ...job, parameter: opts.parameter } : job;
    // the run goes on after the request that asked for it: background work
    this.track(inLane('read', () => this.perform(run, runId, fireTime, 'manual')));
    return runId;
  }

  /** Insert the run row of a firing; null when it exists already (another instance has it). */
  private async claim(job: JobRow, fireTime: Date, trigger: 'cron' | 'manual'): Promise<string | null> {
    const id = newId();
    const rows = await this.o.db
      .insert(sysQuartzJobLog)
      .values({
        id,
        jobId: job.id,
        jobClassName: job.jobClassName,
        fireTime,
        trigger,
        startTime: new Date(),
        status: 'running',
        instance: this.instance,
      })
      .onConflictDoNothing()
      .returning({ id: sysQuartzJobLog.id });
    return rows.length ? id : null;
  }

  /** told of every run's end on this instance: class, `ok`/`error`, milliseconds (metrics) */
  onRunEnd?: (jobClass: string, status: string, ms: number) => void;

  private async perform(job: JobRow, runId: string, fireTime: Date, trigger: 'cron' | 'manual') {
    const started = Date.now();
    let status = 'ok';
    let error: string | null = null;
    let result: string | null = null;
    try {
      const def = this.o.registry.get(job.jobClassName);
      if (!def) throw new Error(`后台找不到该类名：${job.jobClassName}`);
      result =
        (await def.run({
          db: this.o.db,
          parameter: job.parameter,
          jobId: job.id,
          className: job.jobClassName,
          fireTime,
          trigger,
          instance: this.instance,
          signal: this.abort.signal,
          log: this.o.log,
          notices: this.o.notices,
        })) ?? null;
    } catch (e) {
      status = 'error';
      error = (e instanceof Error ? e.message : String(e)).slice(0, MAX_ERROR);
    }
    const ended = Date.now();
    this.onRunEnd?.(job.jobClassName, status, ended - started);
    await this.o.db
      .update(sysQuartzJobLog)
      .set({ endTime: new Date(ended), durationMs: ended - started, status, error, result })
      .where(eq(sysQuartzJobLog.id, runId));
  }

  private track(p: Promise<unknown>) {
    const tracked = p.catch((e: unknown) => this.o.log.error({ err: e }, 'scheduler: a run failed'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }
}

/**
 * The job handlers the scheduler can run, keyed by the class name a job row names (JeecgBoot's
 * `job_class_name`). Built-in handlers are registered in builtin.ts; later features register their
 * business jobs the same way (`registry.register(...)` before the app is ready).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { JobHandlerInfo } from '../../shared/resources/quartz-job.ts';
import type { NoticeHub } from '../lib/realtime/notice-hub.ts';

/** What a handler is given for one run. */
export interface JobContext {
  db: Db;
  /** the job row's `parameter` (JeecgBoot's JobData "parameter") */
  parameter: string | null;
  jobId: string;
  /** the scheduled time of a cron firing, the start of a manual run */
  fireTime: Date;
  trigger: 'cron' | 'manual';
  /** the server instance running it */
  instance: string;
  /** aborted when the server shuts down: long handlers should stop early */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  notices: NoticeHub;
}

/** A handler: resolves with a short result recorded in the run's history, throws to fail the run. */
export type JobHandler = (ctx: JobContext) => Promise<string | void>;

export interface JobDefinition extends JobHandlerInfo {
  run: JobHandler;
}

export class JobRegistry {
  private readonly handlers = new Map<string, JobDefinition>();

  /** Register a handler; a class name registered twice is a programming error. */
  register(def: JobDefinition): this {
    if (this.handlers.has(def.className)) throw new Error(`job handler ${def.className} registered twice`);
    this.handlers.set(def.className, def);
    return this;
  }

  get(className: string): JobDefinition | undefined {
    return this.handlers.get(className);
  }

  has(className: string): boolean {
    return this.handlers.has(className);
  }

  /** What the job form offers. */
  list(): JobHandlerInfo[] {
    return [...this.handlers.values()].map(({ className, title, parameter }) => ({
      className,
      title,
      ...(parameter ? { parameter } : {}),
    }));
  }
}

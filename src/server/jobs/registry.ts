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
  /** the job row's class name (a family handler tells its jobs apart by it) */
  className: string;
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

/**
 * A handler of every class name starting with `prefix` (one job row per saved script:
 * `care.scripts.S<id>`); the job form does not offer it, the feature creates its rows.
 */
export interface JobFamily {
  prefix: string;
  run: JobHandler;
}

export class JobRegistry {
  private readonly handlers = new Map<string, JobDefinition>();
  private readonly families: JobFamily[] = [];

  /** Register a handler; a class name registered twice is a programming error. */
  register(def: JobDefinition): this {
    if (this.handlers.has(def.className)) throw new Error(`job handler ${def.className} registered twice`);
    this.handlers.set(def.className, def);
    return this;
  }

  /** Register a family of class names sharing one handler. */
  registerFamily(family: JobFamily): this {
    if (this.families.some((f) => f.prefix === family.prefix))
      throw new Error(`job family ${family.prefix} registered twice`);
    this.families.push(family);
    return this;
  }

  get(className: string): Pick<JobDefinition, 'run'> | undefined {
    return (
      this.handlers.get(className) ??
      this.families.find((f) => className.startsWith(f.prefix) && className.length > f.prefix.length)
    );
  }

  has(className: string): boolean {
    return this.get(className) !== undefined;
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

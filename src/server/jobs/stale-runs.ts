/**
 * Runs left 执行中 by a process that died in the middle of them (killed, crashed, power lost): their
 * row never gets its end. They are marked failed (JOB_MSG.interrupted) so the history does not show
 * them running forever:
 * - on start, the runs of processes of this host that are no longer alive (the run's `instance` is
 *   `host:pid:random`; a pid alive again belongs to another process only if the random part differs
 *   from a live scheduler's, which cannot be told, so only dead pids and this very pid count);
 * - by the housekeeping job, the runs of any host that started longer ago than it allows.
 */
import os from 'node:os';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysQuartzJobLog } from '../db/schema/index.ts';
import { JOB_MSG } from '../../shared/resources/quartz-job.ts';

/** Whether a process of this host is alive (EPERM: alive, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const host = () => os.hostname().slice(0, 40);

async function fail(db: Db, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const now = new Date();
  const rows = await db
    .update(sysQuartzJobLog)
    .set({ status: 'error', error: JOB_MSG.interrupted, endTime: now })
    // still running: a run that ended meanwhile keeps its own outcome
    .where(and(inArray(sysQuartzJobLog.id, ids), eq(sysQuartzJobLog.status, 'running')))
    .returning({ id: sysQuartzJobLog.id });
  return rows.length;
}

/**
 * Fail the running runs of dead processes of this host, and those of this pid under another
 * instance name (a restarted container reuses pids). `self` is the live scheduler's instance name.
 */
export async function failRunsOfDeadProcesses(
  db: Db,
  self: string,
  alive: (pid: number) => boolean = processAlive,
): Promise<number> {
  const running = await db
    .select({ id: sysQuartzJobLog.id, instance: sysQuartzJobLog.instance })
    .from(sysQuartzJobLog)
    .where(eq(sysQuartzJobLog.status, 'running'));
  const here = host();
  const dead = running.filter((r) => {
    const [h, p] = (r.instance ?? '').split(':');
    const pid = Number(p);
    if (h !== here || !Number.isInteger(pid) || pid <= 0) return false;
    return pid === process.pid ? r.instance !== self : !alive(pid);
  });
  return fail(
    db,
    dead.map((r) => r.id),
  );
}

/** Fail the running runs that started before `before`, whichever host ran them. */
export async function failRunsStartedBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .select({ id: sysQuartzJobLog.id })
    .from(sysQuartzJobLog)
    .where(and(eq(sysQuartzJobLog.status, 'running'), lt(sysQuartzJobLog.startTime, before)));
  return fail(
    db,
    rows.map((r) => r.id),
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reachable,
  runStatement,
  serverDatabase,
  skipOutsideCI,
  type ServerDatabase,
} from '../support/private-postgres.ts';
import { call, loginAdmin, scratchDir, spawnServer, type SpawnedServer } from '../support/spawn-server.ts';
import { BUILTIN_JOBS } from '../../src/server/jobs/builtin.ts';

/**
 * Two real server processes on one PostgreSQL database both schedule a job that fires every second:
 * each firing runs exactly once (the sample job writes one operation-log line per run, apart from
 * the run rows that claim firings). A job started on one instance is scheduled by the other, which
 * goes on alone when the first shuts down.
 */
const SHARED_URL =
  process.env.FAULT_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const sharedUp = await reachable(SHARED_URL);

type Run = { id: string; status: string; trigger: string; fireTime: string; instance: string };

describe.skipIf(skipOutsideCI(sharedUp))('a scheduled job on two instances', () => {
  let database: ServerDatabase | undefined;
  let scratch: ReturnType<typeof scratchDir> | undefined;
  const servers: SpawnedServer[] = [];
  beforeAll(async () => {
    if (!sharedUp) throw new Error(`no PostgreSQL server answers at ${SHARED_URL} (set FAULT_DATABASE_URL)`);
    scratch = scratchDir('care-job-once-');
    database = await serverDatabase({ serverUrl: SHARED_URL, prefix: 'job_once' }, scratch.dir);
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await database?.drop();
    scratch?.remove();
  });

  it('runs each firing once, and the second instance carries on when the first stops', async () => {
    const a = await spawnServer({ databaseUrl: database!.url, uploadDir: scratch!.dir });
    servers.push(a);
    const b = await spawnServer({ databaseUrl: database!.url, uploadDir: scratch!.dir });
    servers.push(b);
    const onA = (await loginAdmin(a.api, database!.adminPassword)).token;
    const onB = (await loginAdmin(b.api, database!.adminPassword)).token;

    const list = await call(a.api, 'GET', `/sys/quartzJob/list?jobClassName=${BUILTIN_JOBS.sample}`, {
      token: onA,
    });
    const job = list.body.result.records[0] as { id: string; cronExpression: string; status: number };
    expect(job).toMatchObject({ cronExpression: '0/1 * * * * ?', status: -1 });
    expect(
      (await call(a.api, 'GET', `/sys/quartzJob/resume?id=${job.id}`, { token: onA })).body,
    ).toMatchObject({
      success: true,
      message: '启动定时任务成功',
    });

    const runs = async (api: string, token: string) =>
      (await call(api, 'GET', `/sys/quartzJob/runs?jobId=${job.id}&pageSize=500`, { token })).body.result
        .records as Run[];
    const poll = async (api: string, token: string, until: (rs: Run[]) => boolean) => {
      for (let i = 0; i < 1200; i++) {
        const rs = await runs(api, token);
        if (until(rs)) return rs;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the runs never came');
    };
    const done = (rs: Run[]) => rs.filter((r) => r.status === 'ok');

    // both instances are up and armed: several firings
    await poll(b.api, onB, (rs) => done(rs).length >= 4);
    // the first one leaves; firings go on, run by the second
    expect(await a.stop('SIGINT')).toBe(0);
    const ofB = (r: Run) => r.instance.split(':')[1] === String(b.pid);
    const byB = (await runs(b.api, onB)).filter(ofB).length;
    await poll(b.api, onB, (rs) => done(rs).filter(ofB).length >= byB + 3);
    expect(
      (await call(b.api, 'GET', `/sys/quartzJob/pause?id=${job.id}`, { token: onB })).body,
    ).toMatchObject({
      success: true,
      message: '停止定时任务成功',
    });
    const all = await poll(b.api, onB, (rs) => rs.every((r) => r.status !== 'running'));

    expect(all.every((r) => r.trigger === 'cron' && r.status === 'ok')).toBe(true);
    expect(new Set(all.map((r) => r.fireTime)).size).toBe(all.length);
    // the handler's own record: one operation-log line per firing, never two
    const lines = await runStatement(
      database!.url,
      `select method, count(*)::int as n from sys_log where request_type = 'JOB' and method like $1 group by method`,
      [`SampleJob#${job.id}#cron#%`],
    );
    expect(lines.rows.length).toBe(all.length);
    expect(lines.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    const instances = new Set(all.map((r) => r.instance.split(':')[1]));
    expect(instances.has(String(b.pid))).toBe(true);
    expect([...instances].every((pid) => pid === String(a.pid) || pid === String(b.pid))).toBe(true);
  }, 240_000);
});

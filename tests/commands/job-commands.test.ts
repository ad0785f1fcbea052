import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';
import { BUILTIN_JOBS } from '../../src/server/jobs/builtin.ts';

/** job run / pause / resume / list / add and dict refresh through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
let staff: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
  staff = await serverHarness('yuangong', { app: h.t });
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const jobId = async (className: string) => {
  const r = await h.t.call('GET', '/sys/quartzJob/list', {
    token: h.token,
    query: { jobClassName: className },
  });
  return r.body.result.records[0].id as string;
};
const runsOf = async (id: string) =>
  (await h.t.call('GET', '/sys/quartzJob/runs', { token: h.token, query: { jobId: id } })).body.result
    .records as Array<{ status: string; trigger: string }>;

describe('job commands', () => {
  it('job list shows the jobs; job resume and job pause by class name start and stop one', async () => {
    const list = await h.terminal('job list');
    expect(list.out).toContain(BUILTIN_JOBS.housekeeping);
    const id = await jobId(BUILTIN_JOBS.sampleParam);
    const resumed = await h.terminal(`job resume ${BUILTIN_JOBS.sampleParam}`);
    expect(resumed.results[0]?.status).toBe('ok');
    expect(resumed.out).toContain('启动定时任务成功');
    expect(h.t.app.scheduler.schedule().has(id)).toBe(true);
    const paused = await h.terminal(`job pause ${id}`);
    expect(paused.out).toContain('停止定时任务成功');
    expect(h.t.app.scheduler.schedule().has(id)).toBe(false);
  });

  it('job run runs a job once now; its run shows in the history', async () => {
    const id = await jobId(BUILTIN_JOBS.dictRefresh);
    const r = await h.terminal(`job run ${id}`);
    expect(r.out).toContain('执行成功!');
    let runs = await runsOf(id);
    for (let i = 0; i < 200 && runs[0]?.status !== 'ok'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      runs = await runsOf(id);
    }
    expect(runs).toEqual([expect.objectContaining({ status: 'ok', trigger: 'manual' })]);
  });

  it('piped rows and --dry-run: lists what would stop, then stops every running job', async () => {
    const dry = await h.terminal('job list --status 0 | job pause --dry-run');
    expect(dry.out).toContain('演练：将停止 1 个定时任务（未执行）');
    expect(h.t.app.scheduler.schedule().size).toBe(1);
    const stopped = await h.terminal('job list --status 0 | job pause');
    expect(stopped.results.at(-1)?.status).toBe('ok');
    expect(h.t.app.scheduler.schedule().size).toBe(0);
    await h.terminal(`job resume ${BUILTIN_JOBS.housekeeping}`);
    expect(h.t.app.scheduler.schedule().size).toBe(1);
  });

  it('job add refuses an unknown class and a bad expression with the server messages', async () => {
    const unknown = await h.terminal(`job add com.example.NoJob "0 0 1 * * ?"`);
    expect(unknown.results[0]?.status).toBe('error');
    expect(unknown.out).toContain('后台找不到该类名：com.example.NoJob');
    const bad = await h.terminal(`job add com.example.NoJob "0 0 1 * *"`);
    expect(bad.out).toContain('Cron表达式不正确');
  });

  it('dict refresh reads the dictionaries again', async () => {
    const r = await h.terminal('dict refresh');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('刷新缓存完成！');
  });

  it('a staff account has none of them', async () => {
    for (const line of ['job run x', 'job pause x', 'job resume x', 'dict refresh']) {
      const r = await staff.terminal(line);
      expect(r.results[0]?.status, line).not.toBe('ok');
    }
    expect(staff.calls).toEqual([]);
  });
});

import { JOB_ENDPOINTS } from '../../src/shared/resources/quartz-job.ts';
import { jobAction } from './action.ts';

/** 立即执行: run jobs once now (`job run <id|class>`); the run shows in the job's history. */
export default jobAction({
  verb: 'run',
  title: '立即执行',
  done: '执行',
  endpoint: JOB_ENDPOINTS.execute,
  aliases: ['run job', 'execute job', 'job execute'],
  keywords: ['执行', '运行', '定时任务'],
  order: 1,
});

import { JOB_ENDPOINTS, JOB_STATUS } from '../../src/shared/resources/quartz-job.ts';
import { jobAction } from './action.ts';

/** 启动: let stopped jobs fire again on their schedule (`job resume <id|class>`). */
export default jobAction({
  verb: 'resume',
  title: '启动',
  done: '启动',
  endpoint: JOB_ENDPOINTS.resume,
  shownFor: JOB_STATUS.stopped,
  aliases: ['resume job', 'start job'],
  keywords: ['启动', '恢复', '定时任务'],
  order: 3,
});

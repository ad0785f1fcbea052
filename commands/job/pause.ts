import { JOB_ENDPOINTS, JOB_STATUS } from '../../src/shared/resources/quartz-job.ts';
import { jobAction } from './action.ts';

/** 停止: stop jobs firing on every instance (`job pause <id|class>`). */
export default jobAction({
  verb: 'pause',
  title: '停止',
  done: '停止',
  endpoint: JOB_ENDPOINTS.pause,
  shownFor: JOB_STATUS.running,
  aliases: ['pause job', 'stop job'],
  keywords: ['停止', '暂停', '定时任务'],
  order: 2,
});

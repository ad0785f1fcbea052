import { QUARTZ_JOB } from '../../../shared/resources/quartz-job.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { JobRuns } from './job-runs.tsx';

/** 定时任务: the generated page (the cron field edited with the cron editor) and each job's runs. */
export default function JobPage() {
  return (
    <ResourcePage
      resource={QUARTZ_JOB}
      detailTabs={(row) => [{ key: 'runs', title: '执行记录', content: <JobRuns jobId={row.id} /> }]}
    />
  );
}

/**
 * 定时任务 (sys_quartz_job, jeecg-api.md §6.10): a job names a handler by its class name, fires on a
 * Quartz cron expression (seconds first, optional year) while its status is 0 (正常), and keeps a
 * history of its runs. JeecgBoot's paths and messages are the wire protocol.
 */
import { endpoint } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';

const PATH = '/sys/quartzJob';

/** Status of a job (dictionary `quartz_status`). */
export const JOB_STATUS = { running: 0, stopped: -1 } as const;

/** JeecgBoot's messages of the job calls. */
export const JOB_MSG = {
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  deleted: '删除成功!',
  deletedBatch: '删除定时任务成功!',
  paused: '停止定时任务成功',
  resumed: '启动定时任务成功',
  executed: '执行成功!',
  classTaken: '该定时任务类名已存在',
  /** no handler of that class name is registered on the server */
  unknownClass: (name: string) => `后台找不到该类名：${name}`,
  /** a run left 执行中 by a server process that stopped (or was killed) in the middle of it */
  interrupted: '执行中断：执行该任务的服务进程已退出，未记录结果',
} as const;

/** GET …/pause?id= and resume?id=: the declared stop and start (JeecgBoot's paths). */
const PAUSE = endpoint('GET', `${PATH}/pause`, 'quartz:pause');
const RESUME = endpoint('GET', `${PATH}/resume`, 'quartz:resume');
const [running, stopped] = [String(JOB_STATUS.running), String(JOB_STATUS.stopped)];

export const QUARTZ_JOB = defineResource({
  name: 'job',
  title: '定时任务',
  path: PATH,
  // JeecgBoot's codes: quartz:list … quartz:pause, quartz:resume, quartz:execute (JOB_ENDPOINTS.execute)
  permDomain: 'quartz',
  permActions: { execute: '立即执行' },
  component: 'system/QuartzJobList',
  category: '定时任务',
  english: 'scheduled job',
  keywords: ['定时任务', '任务调度', 'cron', 'quartz', 'scheduler'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '定时任务',
    sheetName: '定时任务',
    filename: '定时任务.xlsx',
    asciiFilename: 'quartz-jobs.xlsx',
  },
  importLogName: 'quartzJobImportExcelErrorLog',
  messages: { added: JOB_MSG.added, edited: JOB_MSG.edited, deleted: JOB_MSG.deleted },
  commands: {
    examples: {
      edit: ['job list | head 1 | job edit --description 示例'],
      // a registered handler no job runs yet (the seed schedules every one: the sweep deletes
      // SampleParamJob's first)
      add: [`job add org.jeecg.modules.quartz.job.SampleParamJob '0 0 3 * * ?' --parameter 示例`],
    },
    plural: 'jobs',
    addPositional: ['jobClassName', 'cronExpression'],
  },
  page: { actionsWidth: 260 },
  fields: [
    {
      key: 'jobClassName',
      title: '任务类名',
      type: 'string',
      required: true,
      max: 255,
      rule: { pattern: /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, message: '任务类名格式不正确' },
      unique: JOB_MSG.classTaken,
      search: true,
      filter: true,
      list: { width: 300 },
      help: '任务类名（服务端登记的处理器，如 org.jeecg.modules.quartz.job.SampleJob）',
    },
    {
      key: 'cronExpression',
      title: 'Cron表达式',
      type: 'cron',
      required: true,
      max: 255,
      list: { width: 160 },
    },
    { key: 'parameter', title: '参数', type: 'string', max: 255, list: { width: 140 } },
    { key: 'description', title: '描述', type: 'string', max: 255, list: { width: 180 }, search: true },
    {
      key: 'status',
      title: '状态',
      type: 'int',
      dict: 'quartz_status',
      options: [
        { value: String(JOB_STATUS.running), text: '正常' },
        { value: String(JOB_STATUS.stopped), text: '停止' },
      ],
      search: true,
      list: { width: 80 },
      help: '状态：0 正常（按计划执行），-1 停止',
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
  // stop and start, idempotent as JeecgBoot's; the job.pause / job.resume commands call them
  states: {
    field: 'status',
    label: 'jobClassName',
    transitions: {
      pause: {
        title: '停止',
        from: [running],
        to: stopped,
        endpoint: PAUSE,
        done: JOB_MSG.paused,
        already: 'skip',
        command: false,
      },
      resume: {
        title: '启动',
        from: [stopped],
        to: running,
        endpoint: RESUME,
        done: JOB_MSG.resumed,
        already: 'skip',
        command: false,
      },
    },
  },
});

/** Beyond the generated family: stop, start, run once now, and a job's run history. */
export const JOB_ENDPOINTS = {
  pause: PAUSE,
  resume: RESUME,
  execute: endpoint('GET', `${PATH}/execute`, QUARTZ_JOB.perms.execute),
  /** a page of one job's runs, newest first (`jobId`, `pageNo`, `pageSize`) */
  runs: endpoint('GET', `${PATH}/runs`, QUARTZ_JOB.perms.list),
  /** the handler class names the server knows, with what each does */
  handlers: endpoint('GET', `${PATH}/handlers`, QUARTZ_JOB.perms.list),
} as const;

/** One run of a job, as the history shows it. */
export interface JobRun {
  id: string;
  jobId: string;
  /** cron | manual */
  trigger: string;
  /** YYYY-MM-DD HH:mm:ss in the server's time zone */
  fireTime: string;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  /** running | ok | error */
  status: string;
  error: string | null;
  result: string | null;
  instance: string | null;
}

/** What a run's trigger and status read as. */
export const RUN_TEXT = {
  trigger: { cron: '定时', manual: '手动' } as Record<string, string>,
  status: { running: '执行中', ok: '成功', error: '失败' } as Record<string, string>,
};

/** A handler the server offers. */
export interface JobHandlerInfo {
  className: string;
  title: string;
  parameter?: string;
}

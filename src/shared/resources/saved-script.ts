/**
 * 保存的脚本 (care_saved_script, `/sys/savedScript`): a terminal script a user saved under a name,
 * with parameters (`age=30m,status`: `$age` in the script, each with an optional default). Each
 * user reaches only their own scripts. A script runs on the server as its owner, with the owner's
 * permissions checked when it runs (every command and every call): now (`savedScript run`, or its
 * palette command `script.<名称>`), or on a schedule of the job scheduler (`savedScript schedule`:
 * a 定时任务 row of class `care.scripts.S<id>`). Each run's output and outcome is kept in the
 * job's run history (执行记录).
 */
import { endpoint } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';

/** The job class name of a saved script's schedule (one 定时任务 row per script). */
export const SCRIPT_JOB_PREFIX = 'care.scripts.S';
export const scriptJobClass = (scriptId: string): string => `${SCRIPT_JOB_PREFIX}${scriptId}`;

/** `age=30m, status` → [{ name: 'age', value: '30m' }, { name: 'status' }] */
export function parseScriptParams(text: string | null | undefined): Array<{ name: string; value?: string }> {
  return (text ?? '')
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? { name: p } : { name: p.slice(0, eq).trim(), value: p.slice(eq + 1).trim() };
    });
}

const PARAM = String.raw`[A-Za-z_]\w*(=[^,，]*)?`;

/** What users read about saved scripts. */
export const SCRIPT_MSG = {
  nameTaken: '脚本名称已存在',
  missingParam: (name: string) => `缺少脚本参数：${name}`,
  unknownParam: (name: string) => `脚本没有参数：${name}`,
  ownerGone: (user: string) => `脚本的所有者 ${user} 不存在或已停用，脚本不能运行`,
  noRunner: '本服务实例未启用脚本执行',
  failedAt: (line: string, why: string, user: string) =>
    `「${line}」失败：${why}（以用户 ${user} 的权限运行）`,
  scheduled: (cron: string) => `已定时：${cron}`,
  unscheduled: '已取消定时',
  started: '脚本已开始运行',
} as const;

export const SAVED_SCRIPT = defineResource({
  name: 'savedScript',
  title: '脚本',
  path: '/sys/savedScript',
  operations: ['list', 'add', 'edit', 'delete'],
  permActions: { run: '运行', schedule: '定时' },
  component: 'system/SavedScriptList',
  category: '保存的脚本',
  english: 'saved script',
  keywords: ['脚本', '保存的脚本', '终端', 'script', '定时脚本'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '保存的脚本',
    sheetName: '脚本',
    filename: '脚本.xlsx',
    asciiFilename: 'saved-scripts.xlsx',
  },
  notFound: '脚本不存在',
  commands: {
    addPositional: ['name', 'title', 'script'],
    ref: { field: 'name', notFound: '脚本不存在' },
    examples: {
      add: [
        `savedScript add unpaidCheck 未支付订单检查 'order close-unpaid --older $age --dry-run' --params age=2h`,
      ],
      edit: ['savedScript edit unpaidPreview --title 预览超时未支付订单'],
    },
  },
  fields: [
    {
      key: 'name',
      title: '名称',
      type: 'string',
      required: true,
      max: 40,
      rule: {
        pattern: /^[a-z][a-zA-Z0-9]*$/,
        message: '名称须以小写字母开头，只含字母和数字（命令 script.<名称>）',
      },
      search: true,
      filter: true,
      list: { width: 160 },
      sample: 'nightlyCheck',
    },
    {
      key: 'title',
      title: '标题',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      list: { width: 200 },
    },
    {
      key: 'script',
      title: '脚本',
      type: 'text',
      required: true,
      max: 10_000,
      queryable: false,
      list: { width: 320 },
      help: '终端脚本：每行一条命令，可用 ; && || 和管道，参数写作 $名称；需要确认的命令加 --yes',
    },
    {
      key: 'params',
      title: '参数',
      type: 'string',
      max: 500,
      rule: {
        pattern: new RegExp(`^\\s*(${PARAM}(\\s*[,，]\\s*${PARAM})*)?\\s*$`),
        message: '参数格式：名称=默认值，以逗号分隔，如 age=30m,status',
      },
      list: { width: 160 },
      help: '参数：名称=默认值，以逗号分隔（如 age=30m,status）；运行时可另给值',
    },
    {
      key: 'cron',
      title: '定时',
      type: 'string',
      computed: true,
      list: { width: 140 },
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

/** `{id, params?}`: run a script now as the caller (its owner); answers `{ runId }` */
export const SCRIPT_RUN = endpoint('POST', `${SAVED_SCRIPT.decl.path}/run`, SAVED_SCRIPT.perms.run);
/** `{id, cronExpression, params?}`: schedule a script (Quartz cron), or `cronExpression: null` to stop it */
export const SCRIPT_SCHEDULE = endpoint(
  'POST',
  `${SAVED_SCRIPT.decl.path}/schedule`,
  SAVED_SCRIPT.perms.schedule,
);
/** `?id=&pageNo=&pageSize=`: a script's runs, newest first (JobRun of quartz-job.ts) */
export const SCRIPT_RUNS = endpoint('GET', `${SAVED_SCRIPT.decl.path}/runs`, SAVED_SCRIPT.perms.list);

/** One in-process request of a server-side script run (the app answering its own API). */
export interface InProcessRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** under the API base, e.g. `/sys/position/list` */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * What the server gives the script runner for one run: the script with its variables, the owner's
 * name, and a way to call the API in process as the owner (the server checks every call).
 */
export interface ScriptRunRequest {
  script: string;
  vars: Record<string, string>;
  username: string;
  call(req: InProcessRequest): Promise<{ status: number; body: unknown }>;
  signal: AbortSignal;
}

/** A run's outcome: the lines it printed (results and errors, in order) and the first failure. */
export interface ScriptRunOutcome {
  ok: boolean;
  output: string[];
  error?: string;
}

/**
 * Runs a saved script on the server. The command executor lives in commands/ (it is the client of
 * the API, not part of the server): the process entry (src/main/server.ts) hands the server an
 * implementation (commands/headless/script-runner.ts), so src/server imports only src/shared.
 */
export type ScriptRunner = (req: ScriptRunRequest) => Promise<ScriptRunOutcome>;

/**
 * Seed of the system's messaging and housekeeping data (编码校验规则, and what later pieces add),
 * each data set applied once under its ledger key, like the rest of the seed.
 */
import type { Db } from '../client.ts';
import {
  careSavedScript,
  sysAnnouncement,
  sysCategory,
  sysCheckRule,
  sysQuartzJob,
} from '../schema/index.ts';
import { BUILTIN_JOBS } from '../../jobs/builtin.ts';
import { ORDER_JOBS } from '../../jobs/orders.ts';
import { LEDGER_JOBS } from '../../jobs/ledger.ts';
import { stableId } from '../../lib/query/ids.ts';

/** Check rules a fresh install offers (JeecgBoot's samples, in our words). */
export const CHECK_RULES = [
  {
    ruleCode: 'common',
    ruleName: '通用编码',
    ruleDescription: '字母开头，其后为字母、数字或下划线，共 2 到 32 位',
    ruleJson: [
      { digits: '1', pattern: '[A-Za-z]', message: '首位必须是字母' },
      { digits: '*', pattern: '[A-Za-z0-9_]{2,32}', message: '只允许字母、数字、下划线，共 2 到 32 位' },
    ],
  },
  {
    ruleCode: 'order_no',
    ruleName: '订单编号',
    ruleDescription: 'YY 开头加 12 位数字',
    ruleJson: [
      { digits: '2', pattern: 'YY', message: '订单编号须以 YY 开头' },
      { digits: '12', pattern: '\\d{12}', message: '订单编号 YY 之后须为 12 位数字' },
      { digits: '*', pattern: '.{14}', message: '订单编号共 14 位' },
    ],
  },
];

/** The category tree of a fresh install: [code, name], parents before children. */
export const CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['A01', '服务类型'],
  ['A01A01', '推拿按摩'],
  ['A01A02', '足疗'],
  ['A01A03', '艾灸理疗'],
  ['A02', '商品分类'],
  ['A02A01', '精油'],
  ['A02A02', '理疗器材'],
];

const categoryRows = () =>
  CATEGORIES.map(([code, name]) => ({
    id: stableId(`category:${code}`),
    code,
    name,
    pid: code.length > 3 ? stableId(`category:${code.slice(0, -3)}`) : '0',
    hasChild: CATEGORIES.some(([c]) => c !== code && c.startsWith(code)) ? '1' : '0',
    createBy: 'admin',
  }));

/**
 * Jobs of a fresh install: JeecgBoot's samples (stopped) and the built-in housekeeping, which runs
 * nightly; refreshing the clients' dictionaries is there to be started or run once.
 */
export const QUARTZ_JOBS = [
  {
    jobClassName: BUILTIN_JOBS.sample,
    cronExpression: '0/1 * * * * ?',
    description: '示例任务：每秒在操作日志中记录一次执行',
    status: -1,
  },
  {
    jobClassName: BUILTIN_JOBS.sampleParam,
    cronExpression: '0/1 * * * * ?',
    parameter: 'scott',
    description: '带参数的示例任务',
    status: -1,
  },
  {
    jobClassName: BUILTIN_JOBS.dictRefresh,
    cronExpression: '0 0 4 * * ?',
    description: '通知所有在线客户端刷新字典缓存',
    status: -1,
  },
  {
    jobClassName: BUILTIN_JOBS.housekeeping,
    cronExpression: '0 30 3 * * ?',
    parameter: 'logDays=180,jobLogDays=30,loginAttemptDays=7',
    description: '每天 3:30 清理过期令牌、验证码、旧日志和任务执行记录',
    status: 0,
  },
  // seeded stopped: started in 定时任务 once the install takes real orders (a started one would
  // close and flag the seeded demo orders within minutes, and change every test's copy under it)
  {
    jobClassName: ORDER_JOBS.closeUnpaid,
    cronExpression: '0 * * * * ?',
    description: '每分钟关闭超时未支付的上门订单',
    status: -1,
  },
  {
    jobClassName: ORDER_JOBS.flagExceptions,
    cronExpression: '30 * * * * ?',
    description: '每分钟标记接单超时、技师迟到、服务超时的异常订单',
    status: -1,
  },
  {
    jobClassName: ORDER_JOBS.autoFinish,
    cronExpression: '0 0/5 * * * ?',
    description: '每 5 分钟把超时未完成的服务记为服务完成',
    status: -1,
  },
  {
    jobClassName: ORDER_JOBS.retryRefunds,
    cronExpression: '0 0/10 * * * ?',
    description: '每 10 分钟重试未完成的退款',
    status: -1,
  },
  {
    jobClassName: LEDGER_JOBS.balances,
    cronExpression: '0 15 2 * * ?',
    description: '每天 2:15 按资金流水核对各账户余额缓存，不一致时报警',
    status: -1,
  },
];

interface SeedSet {
  key: string;
  insert(db: Db): Promise<unknown>;
}

const SETS: SeedSet[] = [
  {
    key: 'checkRule:v1',
    insert: (db) =>
      db
        .insert(sysCheckRule)
        .values(
          CHECK_RULES.map((r) => ({
            ...r,
            id: stableId(`checkRule:${r.ruleCode}`),
            ruleJson: JSON.stringify(r.ruleJson),
            createBy: 'admin',
          })),
        )
        .onConflictDoNothing(),
  },
  {
    key: 'category:v1',
    insert: (db) => db.insert(sysCategory).values(categoryRows()).onConflictDoNothing(),
  },
  {
    key: 'announcement:v1',
    insert: (db) =>
      db
        .insert(sysAnnouncement)
        .values({
          id: stableId('announcement:welcome'),
          titile: '欢迎使用悦到家管理控制台',
          msgContent: '<p>按 <b>Ctrl+K</b> 打开命令面板，按 <b>Ctrl+`</b> 打开终端。</p>',
          priority: 'L',
          msgCategory: '1',
          msgType: 'ALL',
          sendStatus: '1',
          sender: 'admin',
          sendTime: new Date(),
          createBy: 'admin',
        })
        .onConflictDoNothing(),
  },
  {
    key: 'quartzJob:v1',
    insert: (db) =>
      db
        .insert(sysQuartzJob)
        .values(
          QUARTZ_JOBS.map((j) => ({ ...j, id: stableId(`quartzJob:${j.jobClassName}`), createBy: 'admin' })),
        )
        .onConflictDoNothing(),
  },
  {
    // the order jobs, for installs seeded before them (quartzJob:v1 inserts them on a fresh one)
    key: 'quartzJob:orders:v1',
    insert: (db) =>
      db
        .insert(sysQuartzJob)
        .values(
          QUARTZ_JOBS.filter((j) => (Object.values(ORDER_JOBS) as string[]).includes(j.jobClassName)).map(
            (j) => ({ ...j, id: stableId(`quartzJob:${j.jobClassName}`), createBy: 'admin' }),
          ),
        )
        .onConflictDoNothing(),
  },
  {
    // the ledger's balance job, for installs seeded before it
    key: 'quartzJob:ledger:v1',
    insert: (db) =>
      db
        .insert(sysQuartzJob)
        .values(
          QUARTZ_JOBS.filter((j) => j.jobClassName === LEDGER_JOBS.balances).map((j) => ({
            ...j,
            id: stableId(`quartzJob:${j.jobClassName}`),
            createBy: 'admin',
          })),
        )
        .onConflictDoNothing(),
  },
  {
    // an example of 保存的脚本: admin's preview of the unpaid orders the closing job would close
    key: 'savedScript:v1',
    insert: (db) =>
      db
        .insert(careSavedScript)
        .values({
          id: stableId('savedScript:admin:unpaidPreview'),
          name: 'unpaidPreview',
          title: '预览超时未支付订单',
          script: 'order close-unpaid --older $age --dry-run',
          params: 'age=30m',
          createBy: 'admin',
        })
        .onConflictDoNothing(),
  },
];

/** Insert the sets never applied; returns every key (recorded by the caller). */
export async function seedMessaging(db: Db, applied: ReadonlySet<string>): Promise<string[]> {
  for (const set of SETS) if (!applied.has(set.key)) await set.insert(db);
  return SETS.map((s) => s.key);
}

import { and, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import {
  ACTUATOR_METRIC_ENDPOINTS,
  type ActuatorMetric,
  type ActuatorMetricName,
} from '../../../../shared/monitor.ts';
import { sysUserToken } from '../../../db/schema/index.ts';
import { ok } from '../../../lib/http/result.ts';
import { route } from '../../../lib/http/route.ts';
import {
  CpuSampler,
  SERVER_METRICS,
  databaseInfo,
  diskInfo,
  osThreads,
  readMetrics,
  runtimeInfo,
  serverInfo,
} from './probes.ts';

const M = ENDPOINTS.monitor;
type Figure = { value: number; description: string; baseUnit: string | null };
/** A Spring name that has no Node counterpart: answered 0, the description says so. */
const notApplicable = (what: string): Figure => ({
  value: 0,
  description: `不适用：Node.js 没有${what}（恒为 0）`,
  baseUnit: null,
});

/**
 * The JeecgBoot 3.3 client's monitor calls (under the API base path, as Spring Boot serves its
 * actuator under the context path): `/actuator/metrics/{name}` for the 25 names its JvmInfo,
 * SystemInfo and TomcatInfo pages request (one route per name, behind that page's code; another
 * name is 404 as in Spring), `/actuator/httptrace`, and `/sys/actuator/redis/*` of its RedisInfo
 * and DiskMonitoring pages. Each answers our own figures in the original's shape; where a JVM,
 * Tomcat or Redis figure has a Node or PostgreSQL counterpart that is given and the description
 * names what it is, where it has none the value is 0 and the description says so.
 */
export default async function actuatorRoutes(app: FastifyInstance) {
  const cpu = new CpuSampler();
  let peakThreads = 0;
  let peakSessions = 0;
  const started = new Date(Date.now() - process.uptime() * 1000);

  const sessions = async () => {
    const now = new Date();
    const [row] = await app.db
      .select({
        live: sql<number>`(count(*) FILTER (WHERE ${and(isNull(sysUserToken.revokedAt), gt(sysUserToken.expiresAt, now))}))::int`,
        created: sql<number>`(count(*) FILTER (WHERE ${gte(sysUserToken.createdAt, started)}))::int`,
        expired: sql<number>`(count(*) FILTER (WHERE ${and(isNull(sysUserToken.revokedAt), gte(sysUserToken.expiresAt, started), lte(sysUserToken.expiresAt, now))}))::int`,
      })
      .from(sysUserToken);
    const live = Number(row?.live ?? 0);
    peakSessions = Math.max(peakSessions, live);
    return { live, created: Number(row?.created ?? 0), expired: Number(row?.expired ?? 0) };
  };

  const figure = async (name: ActuatorMetricName): Promise<Figure | Figure[]> => {
    if (name.startsWith('tomcat.')) {
      const s = await sessions();
      const all = '登录会话（令牌），所有实例共享';
      switch (name) {
        case 'tomcat.sessions.created':
          return { value: s.created, description: `本实例启动以来新建的${all}`, baseUnit: 'sessions' };
        case 'tomcat.sessions.expired':
          return { value: s.expired, description: `本实例启动以来到期的${all}`, baseUnit: 'sessions' };
        case 'tomcat.sessions.active.current':
          return { value: s.live, description: `当前有效的${all}（同 在线用户）`, baseUnit: 'sessions' };
        case 'tomcat.sessions.active.max':
          return {
            value: peakSessions,
            description: `本实例启动以来读取到的有效${all}的峰值`,
            baseUnit: 'sessions',
          };
        default:
          return {
            value: 0,
            description: '本服务不限制会话数，从不拒绝会话（恒为 0）',
            baseUnit: 'sessions',
          };
      }
    }
    if (name.startsWith('system.') || name.startsWith('process.')) {
      const s = serverInfo(app, await readMetrics(app, SERVER_METRICS), cpu);
      switch (name) {
        case 'system.cpu.count':
          return {
            value: s.cpuCount,
            description: '可用的 CPU 核数（os.availableParallelism）',
            baseUnit: null,
          };
        case 'system.cpu.usage':
          return { value: s.systemCpu, description: '整机 CPU 使用率（0–1，自上次读取）', baseUnit: null };
        case 'process.start.time':
          return {
            value: s.processStartTime / 1000,
            description: 'Node 进程启动时间（自 1970 年起的秒数）',
            baseUnit: 'seconds',
          };
        case 'process.uptime':
          return { value: process.uptime(), description: 'Node 进程已运行时间', baseUnit: 'seconds' };
        default:
          return {
            value: s.processCpu,
            description: '本进程 CPU 使用率（0–1，占全部核，自上次读取）',
            baseUnit: null,
          };
      }
    }
    const r = runtimeInfo(app, await readMetrics(app));
    const old = r.spaces.find((s) => s.space === 'old');
    switch (name) {
      case 'jvm.memory.max':
        return { value: r.heapLimit, description: 'V8 堆上限（heap_size_limit）', baseUnit: 'bytes' };
      case 'jvm.memory.committed':
        return { value: r.heapTotal, description: 'V8 堆已向系统申请的内存（heapTotal）', baseUnit: 'bytes' };
      case 'jvm.memory.used':
        return { value: r.heapUsed, description: 'V8 堆已用内存（heapUsed）', baseUnit: 'bytes' };
      case 'jvm.buffer.memory.used':
        return { value: r.external, description: 'V8 堆外内存：Buffer 等（external）', baseUnit: 'bytes' };
      case 'jvm.buffer.count':
        return notApplicable('缓冲区个数的统计');
      case 'jvm.threads.live': {
        const threads = osThreads() ?? 0;
        peakThreads = Math.max(peakThreads, threads);
        return {
          value: threads,
          description: '本进程的操作系统线程数（主线程、V8、libuv 线程池、worker）',
          baseUnit: 'threads',
        };
      }
      case 'jvm.threads.peak':
        peakThreads = Math.max(peakThreads, osThreads() ?? 0);
        return { value: peakThreads, description: '本实例读取到的操作系统线程数峰值', baseUnit: 'threads' };
      case 'jvm.threads.daemon':
        return notApplicable('守护线程');
      case 'jvm.classes.loaded':
      case 'jvm.classes.unloaded':
        return notApplicable('类加载');
      case 'jvm.gc.memory.allocated':
      case 'jvm.gc.memory.promoted':
        return notApplicable('按 GC 统计的分配与晋升字节数');
      case 'jvm.gc.max.data.size':
        return {
          value: old ? old.size + old.available : 0,
          description: 'V8 老生代（old space）的大小加可用空间',
          baseUnit: 'bytes',
        };
      case 'jvm.gc.live.data.size':
        return { value: old?.used ?? 0, description: 'V8 老生代（old space）已用', baseUnit: 'bytes' };
      default: {
        // jvm.gc.pause: COUNT, TOTAL_TIME, MAX as Spring's timer (the client reads the first two)
        const count = r.gc.reduce((n, g) => n + g.count, 0);
        const total = r.gc.reduce((n, g) => n + g.totalMs, 0) / 1000;
        return [
          { value: count, description: '本进程启动以来的 V8 垃圾回收次数（各类合计）', baseUnit: 'seconds' },
          { value: total, description: 'V8 垃圾回收暂停总时长', baseUnit: 'seconds' },
        ];
      }
    }
  };

  for (const name of Object.keys(ACTUATOR_METRIC_ENDPOINTS) as ActuatorMetricName[]) {
    const contract = ACTUATOR_METRIC_ENDPOINTS[name];
    route(app, contract, async (): Promise<ActuatorMetric> => {
      const f = await figure(name);
      const list = Array.isArray(f) ? f : [f];
      const statistics = Array.isArray(f) ? ['COUNT', 'TOTAL_TIME'] : ['VALUE'];
      return {
        name,
        description: list.map((x) => x.description).join('；'),
        baseUnit: list[list.length - 1]!.baseUnit,
        measurements: list.map((x, i) => ({ statistic: statistics[i]!, value: x.value })),
        availableTags: [],
      };
    });
  }

  // Spring Boot 2's HttpTraceEndpoint: `{traces: [...]}`, newest first; no headers, no address
  route(app, M.httptrace, async () => ({
    traces: app.requestTrace.ring.list().map((e) => ({
      timestamp: new Date(e.at).toISOString(),
      principal: e.user ? { name: e.user } : null,
      session: null,
      request: { method: e.method, uri: e.path, headers: {}, remoteAddress: null },
      response: { status: e.status, headers: {} },
      timeTaken: Math.round(e.ms),
    })),
  }));

  // RedisInfo: the key/value/description list is the database's, each row naming its figure
  route(app, M.redisInfo, async () => {
    const d = await databaseInfo(app);
    const connections = d.connections?.reduce((n, c) => n + c.count, 0);
    const list = [
      {
        key: 'engine',
        value: d.engine === 'pglite' ? 'PGlite（内嵌）' : 'PostgreSQL',
        description: '数据库引擎（本服务不使用 Redis）',
      },
      { key: 'server_version', value: d.version, description: 'PostgreSQL 版本' },
      {
        key: 'database_size',
        value: String(d.databaseBytes),
        description: '当前数据库占用的磁盘空间（字节）',
      },
      {
        key: 'connections',
        value: connections === undefined ? '未报告' : String(connections),
        description: '连接到当前数据库的会话数',
      },
      {
        key: 'cache_hit_ratio',
        value: d.cacheHitRatio === null ? '未报告' : String(d.cacheHitRatio),
        description: '缓冲区缓存命中率（0–1）',
      },
      {
        key: 'locks',
        value: String(d.locks.reduce((n, l) => n + l.count, 0)),
        description: '持有或等待中的锁',
      },
      { key: 'tables', value: String(d.tables.length), description: '最大的表（最多 15 张）' },
      ...(d.pool
        ? [
            { key: 'pool_total', value: String(d.pool.total), description: '本实例连接池的连接数' },
            { key: 'pool_idle', value: String(d.pool.idle), description: '本实例连接池的空闲连接数' },
            { key: 'pool_waiting', value: String(d.pool.waiting), description: '本实例等待连接的请求数' },
          ]
        : []),
    ];
    return ok(list);
  });
  route(app, M.redisKeysSize, async () => {
    const d = await databaseInfo(app);
    return {
      dbSize: d.estimatedRows,
      create_time: Date.now(),
      description: '数据库各表的估计行数合计（统计信息，非精确计数；非 Redis 键数）',
    };
  });
  route(app, M.redisMemoryInfo, async () => {
    const d = await databaseInfo(app);
    return {
      used_memory: d.databaseBytes,
      create_time: Date.now(),
      description: '当前数据库占用的磁盘空间（字节，pg_database_size；非 Redis 内存）',
    };
  });
  // DiskMonitoring: restPPT is the used share in percent, as JeecgBoot computes it
  route(app, M.queryDiskInfo, async () => {
    const { volumes } = await diskInfo(app);
    return ok(
      volumes.map((v) => ({
        name: `${v.name} ${v.path}`,
        max: v.total,
        rest: v.free,
        restPPT: v.total > 0 ? Math.floor(((v.total - v.free) * 100) / v.total) : 0,
      })),
    );
  });
}

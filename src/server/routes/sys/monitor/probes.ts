/**
 * The figures of 系统监控, read where they live: prom-client's registry of this instance (the same
 * collectors `GET /metrics` serves: plugins/metrics.ts), `os`, `v8`, `fs.statfs`, and PostgreSQL's
 * statistics views. No request text reaches a statement.
 */
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type {
  DatabaseInfo,
  DiskInfo,
  DiskVolume,
  HttpInfo,
  RuntimeInfo,
  ServerInfo,
  SlowStatement,
} from '../../../../shared/monitor.ts';

type Metrics = Map<string, MetricValue<string>[]>;

/**
 * The instance's metrics, collected once (prom-client runs each collector): every one, or only
 * those named. Collecting the event-loop figures resets them (prom-client), so a reader that does
 * not show them names what it needs and leaves them to 运行时信息 and the scraper.
 */
export async function readMetrics(app: FastifyInstance, names?: readonly string[]): Promise<Metrics> {
  const registry = app.metrics.registry;
  const all = names
    ? await Promise.all(names.map((n) => registry.getSingleMetric(n)?.get()))
    : await registry.getMetricsAsJSON();
  const found = (all as Array<MetricObjectWithValues<MetricValue<string>> | undefined>).filter(
    (m): m is MetricObjectWithValues<MetricValue<string>> => m !== undefined,
  );
  return new Map(found.map((m) => [m.name, m.values]));
}

/**
 * What 服务器信息 reads of the registry (no event-loop figure). prom-client collects the three CPU
 * counters in the user counter's collect: it comes first.
 */
export const SERVER_METRICS = [
  'process_cpu_user_seconds_total',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
] as const;

/** The single value of a metric (0 when it has none yet). */
const one = (m: Metrics, name: string) => Number(m.get(name)?.[0]?.value ?? 0);

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** CPU shares between two reads of one instance: kept per app (the previous sample). */
export class CpuSampler {
  private last = { at: process.hrtime.bigint(), processSeconds: 0, busy: 0, total: 0 };

  constructor() {
    const t = cpuTimes();
    this.last.busy = t.busy;
    this.last.total = t.total;
  }

  /** Shares (0–1) since the previous call: the whole system's CPUs and this process. */
  sample(processSeconds: number): { system: number; process: number } {
    const now = process.hrtime.bigint();
    const t = cpuTimes();
    const wall = Number(now - this.last.at) / 1e9;
    const total = t.total - this.last.total;
    const system = total > 0 ? (t.busy - this.last.busy) / total : 0;
    const cpus = os.availableParallelism();
    const proc = wall > 0 ? (processSeconds - this.last.processSeconds) / wall / cpus : 0;
    this.last = { at: now, processSeconds, busy: t.busy, total: t.total };
    const clamp = (x: number) => round(Math.min(1, Math.max(0, x)), 4);
    return { system: clamp(system), process: clamp(proc) };
  }
}

function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const { user, nice, sys, idle, irq } = c.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

/** 服务器信息 */
export function serverInfo(app: FastifyInstance, m: Metrics, cpu: CpuSampler): Omit<ServerInfo, 'at'> {
  const shares = cpu.sample(one(m, 'process_cpu_seconds_total'));
  const [l1 = 0, l5 = 0, l15 = 0] = os.loadavg();
  const startSeconds = one(m, 'process_start_time_seconds');
  return {
    instance: app.requestTrace.instance,
    hostname: os.hostname(),
    platform: os.platform(),
    arch: os.arch(),
    release: os.release(),
    cpuModel: os.cpus()[0]?.model ?? '',
    cpuCount: os.availableParallelism(),
    systemCpu: shares.system,
    processCpu: shares.process,
    load: [round(l1, 2), round(l5, 2), round(l15, 2)],
    memoryTotal: os.totalmem(),
    memoryFree: os.freemem(),
    processMemory: one(m, 'process_resident_memory_bytes'),
    systemUptimeSeconds: Math.round(os.uptime()),
    processUptimeSeconds: Math.round(process.uptime()),
    processStartTime: Math.round(startSeconds * 1000),
    nodeVersion: process.version,
    pid: process.pid,
  };
}

/** Operating-system threads of this process (Linux's /proc), else null. */
export function osThreads(): number | null {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const n = /^Threads:\s+(\d+)/m.exec(status)?.[1];
    return n ? Number(n) : null;
  } catch {
    return null;
  }
}

/** 运行时信息 */
export function runtimeInfo(app: FastifyInstance, m: Metrics): Omit<RuntimeInfo, 'at'> {
  const heap = v8.getHeapStatistics();
  const spaceValues = (name: string) =>
    new Map((m.get(name) ?? []).map((v) => [String(v.labels.space), Number(v.value)]));
  const size = spaceValues('nodejs_heap_space_size_total_bytes');
  const used = spaceValues('nodejs_heap_space_size_used_bytes');
  const available = spaceValues('nodejs_heap_space_size_available_bytes');
  const gcCount = new Map<string, number>();
  const gcSum = new Map<string, number>();
  for (const v of m.get('nodejs_gc_duration_seconds') ?? []) {
    const kind = String(v.labels.kind);
    const metric = (v as MetricValue<string> & { metricName?: string }).metricName ?? '';
    if (metric.endsWith('_count')) gcCount.set(kind, Number(v.value));
    if (metric.endsWith('_sum')) gcSum.set(kind, Number(v.value));
  }
  const memory = process.memoryUsage();
  // (NaN when the event loop was not sampled since the previous read)
  const ms = (name: string) => {
    const v = one(m, name);
    return Number.isFinite(v) ? round(v * 1000, 2) : 0;
  };
  return {
    instance: app.requestTrace.instance,
    nodeVersion: process.version,
    v8Version: process.versions.v8,
    heapLimit: heap.heap_size_limit,
    heapTotal: one(m, 'nodejs_heap_size_total_bytes'),
    heapUsed: one(m, 'nodejs_heap_size_used_bytes'),
    external: one(m, 'nodejs_external_memory_bytes'),
    arrayBuffers: memory.arrayBuffers,
    rss: one(m, 'process_resident_memory_bytes'),
    spaces: [...size.keys()].map((space) => ({
      space,
      size: size.get(space) ?? 0,
      used: used.get(space) ?? 0,
      available: available.get(space) ?? 0,
    })),
    gc: [...gcCount.keys()].map((kind) => ({
      kind,
      count: gcCount.get(kind) ?? 0,
      totalMs: round((gcSum.get(kind) ?? 0) * 1000, 2),
    })),
    eventLoop: {
      mean: ms('nodejs_eventloop_lag_mean_seconds'),
      p50: ms('nodejs_eventloop_lag_p50_seconds'),
      p99: ms('nodejs_eventloop_lag_p99_seconds'),
      max: ms('nodejs_eventloop_lag_max_seconds'),
    },
    eventLoopUtilization: round(one(m, 'nodejs_eventloop_utilization_ratio'), 4),
    handles: (m.get('nodejs_active_handles') ?? []).map((v) => ({
      type: String(v.labels.type),
      count: Number(v.value),
    })),
    activeRequests: one(m, 'nodejs_active_requests_total'),
    threads: osThreads(),
  };
}

/** HTTP服务信息, from the request histogram of plugins/metrics.ts. */
export async function httpInfo(app: FastifyInstance): Promise<Omit<HttpInfo, 'at'>> {
  const { values } = await app.metrics.http.get();
  const byStatus = new Map<string, number>();
  const routes = new Map<string, { route: string; method: string; count: number; seconds: number }>();
  let requests = 0;
  let errors = 0;
  let refused = 0;
  let totalSeconds = 0;
  for (const v of values) {
    const metric = (v as MetricValue<string> & { metricName?: string }).metricName ?? '';
    const status = Number(v.labels.status_code);
    const key = `${v.labels.method} ${v.labels.route}`;
    const entry = routes.get(key) ?? {
      route: String(v.labels.route),
      method: String(v.labels.method),
      count: 0,
      seconds: 0,
    };
    if (metric.endsWith('_count')) {
      const n = Number(v.value);
      requests += n;
      if (status >= 500) errors += n;
      else if (status >= 400) refused += n;
      const cls = `${Math.floor(status / 100)}xx`;
      byStatus.set(cls, (byStatus.get(cls) ?? 0) + n);
      entry.count += n;
      routes.set(key, entry);
    } else if (metric.endsWith('_sum')) {
      totalSeconds += Number(v.value);
      entry.seconds += Number(v.value);
      routes.set(key, entry);
    }
  }
  const listening = app.server.listening;
  const connections = listening
    ? await new Promise<number | null>((resolve) =>
        app.server.getConnections((error, n) => resolve(error ? null : n)),
      )
    : null;
  return {
    instance: app.requestTrace.instance,
    byStatus: [...byStatus].sort().map(([status, count]) => ({ status, count })),
    requests,
    errors,
    refused,
    totalSeconds: round(totalSeconds, 3),
    inFlight: app.requestTrace.inFlight(),
    connections,
    sockets: { grid: app.realtime.size, notice: app.notices.size },
    routes: [...routes.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, 20)
      .map((r) => ({
        route: r.route,
        method: r.method,
        count: r.count,
        meanMs: r.count ? round((r.seconds / r.count) * 1000, 1) : 0,
      })),
  };
}

type Row = Record<string, unknown>;

/** A statement of its own: on PGlite some views say nothing or refuse; that is reported, not thrown. */
async function rows(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<Row[] | null> {
  try {
    const result = (await app.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  } catch {
    return null;
  }
}

/** 数据库监控 */
export async function databaseInfo(app: FastifyInstance): Promise<Omit<DatabaseInfo, 'at'>> {
  const engine = app.database.kind;
  const notes: string[] = [];
  const [version, size, connections, locks, cache, tables, extension] = await Promise.all([
    rows(app, sql`SELECT current_setting('server_version') AS v`),
    rows(app, sql`SELECT pg_database_size(current_database())::bigint AS b`),
    rows(
      app,
      sql`SELECT coalesce(state, '后台进程') AS state, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() GROUP BY 1 ORDER BY 1`,
    ),
    rows(
      app,
      sql`SELECT mode, granted, count(*)::int AS n FROM pg_locks
          WHERE database = (SELECT oid FROM pg_database WHERE datname = current_database())
             OR database IS NULL
          GROUP BY mode, granted ORDER BY mode, granted`,
    ),
    rows(
      app,
      sql`SELECT blks_hit::bigint AS hit, blks_read::bigint AS read FROM pg_stat_database
          WHERE datname = current_database()`,
    ),
    rows(
      app,
      sql`SELECT c.relname AS t, greatest(c.reltuples, s.n_live_tup, 0)::bigint AS r,
                 pg_table_size(c.oid)::bigint AS tb, pg_indexes_size(c.oid)::bigint AS ib,
                 pg_total_relation_size(c.oid)::bigint AS total,
                 (sum(greatest(c.reltuples, s.n_live_tup, 0)) OVER ())::bigint AS all_rows
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
          WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
          ORDER BY pg_total_relation_size(c.oid) DESC, c.relname LIMIT 15`,
    ),
    rows(app, sql`SELECT 1 AS x FROM pg_extension WHERE extname = 'pg_stat_statements'`),
  ]);
  let slowest: DatabaseInfo['slowest'];
  if (extension?.length) {
    const statements = await rows(
      app,
      sql`SELECT query, calls::bigint AS calls, mean_exec_time AS mean, total_exec_time AS total
          FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY mean_exec_time DESC LIMIT 10`,
    );
    slowest = statements
      ? {
          available: true,
          rows: statements.map((s): SlowStatement => ({
            query: String(s.query).slice(0, 500),
            calls: Number(s.calls),
            meanMs: round(Number(s.mean), 2),
            totalMs: round(Number(s.total), 1),
          })),
        }
      : { available: false, reason: 'pg_stat_statements 已安装，但当前账号无权读取' };
  } else
    slowest = {
      available: false,
      reason:
        engine === 'pglite'
          ? '内嵌 PGlite 不提供 pg_stat_statements，无法列出最慢语句'
          : '数据库未安装 pg_stat_statements 扩展（CREATE EXTENSION pg_stat_statements，并在 shared_preload_libraries 中加载），无法列出最慢语句',
    };
  const hit = Number(cache?.[0]?.hit ?? 0);
  const read = Number(cache?.[0]?.read ?? 0);
  const hitRatio = hit + read > 0 ? round(hit / (hit + read), 4) : null;
  const stateRows = connections?.length ? connections : null;
  if (engine === 'pglite') {
    notes.push('内嵌 PGlite 是单进程、单连接的数据库：没有连接池，也没有其他会话');
    notes.push('PGlite 不运行自动清理（autovacuum）：行数是估计值，只含本次启动以来的变化，可能偏小');
    if (!stateRows) notes.push('PGlite 不报告会话（pg_stat_activity 为空）');
  }
  if (hitRatio === null) notes.push('数据库未报告缓存命中统计（pg_stat_database 为空）');
  const pool = app.database.poolStats?.() ?? null;
  return {
    instance: app.requestTrace.instance,
    engine,
    version: String(version?.[0]?.v ?? ''),
    databaseBytes: Number(size?.[0]?.b ?? 0),
    connections: stateRows?.map((r) => ({ state: String(r.state), count: Number(r.n) })) ?? null,
    locks: (locks ?? []).map((r) => ({
      mode: String(r.mode),
      granted: r.granted === true || r.granted === 't',
      count: Number(r.n),
    })),
    cacheHitRatio: hitRatio,
    slowest,
    tables: (tables ?? []).map((r) => ({
      table: String(r.t),
      rows: Number(r.r),
      tableBytes: Number(r.tb),
      indexBytes: Number(r.ib),
      totalBytes: Number(r.total),
    })),
    estimatedRows: Number(tables?.[0]?.all_rows ?? 0),
    pool: pool ? { ...pool } : null,
    notes,
  };
}

/** 磁盘监控: the volumes of the directories this server writes (fs.statfs). */
export async function diskInfo(app: FastifyInstance): Promise<Omit<DiskInfo, 'at'>> {
  const dirs: Array<[string, string]> = [['上传目录', app.config.uploadDir]];
  if (app.database.kind === 'pglite' && !app.config.dataDir.startsWith('memory:'))
    dirs.unshift(['数据目录（PGlite）', app.config.dataDir]);
  dirs.push(['临时目录', os.tmpdir()]);
  const volumes: DiskVolume[] = [];
  for (const [name, dir] of dirs) {
    const s = await statfsUp(dir);
    if (!s) continue;
    volumes.push({
      name,
      path: dir,
      total: s.blocks * s.bsize,
      free: s.bfree * s.bsize,
      available: s.bavail * s.bsize,
    });
  }
  return { instance: app.requestTrace.instance, volumes };
}

/** statfs of `dir`, or of its nearest existing parent (a directory not created yet). */
async function statfsUp(dir: string): Promise<fs.StatsFs | null> {
  let current = dir;
  for (;;) {
    try {
      return await fs.promises.statfs(current);
    } catch {
      const parent = current.replace(/[\\/][^\\/]*$/, '');
      if (!parent || parent === current) return null;
      current = parent;
    }
  }
}

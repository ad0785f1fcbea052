/**
 * 系统监控: what the monitor endpoints answer (ENDPOINTS.monitor). Every figure is of the instance
 * that answers (`instance`), except the database's, which every instance shares. Sizes are bytes,
 * durations milliseconds unless a name says otherwise, ratios 0–1.
 */
import { endpoint, type EndpointContract } from './contracts.ts';
import { PERM } from './permissions.ts';

/** Which instance answered: host name and process id. */
export interface InstanceId {
  instance: string;
  /** when the figures were read (ms since the epoch) */
  at: number;
}

/** 服务器信息 */
export interface ServerInfo extends InstanceId {
  hostname: string;
  platform: string;
  arch: string;
  release: string;
  cpuModel: string;
  cpuCount: number;
  /** share of all CPUs busy since the previous read of this instance (0–1) */
  systemCpu: number;
  /** share of all CPUs this process used since the previous read (0–1) */
  processCpu: number;
  /** 1, 5 and 15 minute load averages (0 on Windows) */
  load: [number, number, number];
  memoryTotal: number;
  memoryFree: number;
  /** resident set size of this process */
  processMemory: number;
  systemUptimeSeconds: number;
  processUptimeSeconds: number;
  /** ms since the epoch */
  processStartTime: number;
  nodeVersion: string;
  pid: number;
}

/** One V8 heap space. */
export interface HeapSpace {
  space: string;
  size: number;
  used: number;
  available: number;
}

/** Garbage collections of one kind since the start (prom-client's nodejs_gc_duration_seconds). */
export interface GcKind {
  kind: string;
  count: number;
  totalMs: number;
}

/** 运行时信息: the Node equivalent of the JVM page. */
export interface RuntimeInfo extends InstanceId {
  nodeVersion: string;
  v8Version: string;
  heapLimit: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  spaces: HeapSpace[];
  gc: GcKind[];
  /** event-loop delay since the previous read (ms) */
  eventLoop: { mean: number; p50: number; p99: number; max: number };
  /** share of the time the event loop was busy since the previous read (0–1) */
  eventLoopUtilization: number;
  /** open libuv handles by type (sockets, timers, …) */
  handles: Array<{ type: string; count: number }>;
  activeRequests: number;
  /** operating-system threads of the process (Linux; null elsewhere) */
  threads: number | null;
}

/** One table (or its indexes) by size. */
export interface TableSize {
  table: string;
  /** estimated live rows */
  rows: number;
  tableBytes: number;
  indexBytes: number;
  totalBytes: number;
}

/** A statement of pg_stat_statements (normalised text: constants are `$n`). */
export interface SlowStatement {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
}

/** 数据库监控: PostgreSQL's own views, as far as the engine tells. */
export interface DatabaseInfo extends InstanceId {
  engine: 'pglite' | 'postgres';
  version: string;
  databaseBytes: number;
  /** server connections to this database by state (`active`, `idle`, …); null when not told */
  connections: Array<{ state: string; count: number }> | null;
  /** locks held or awaited, by mode */
  locks: Array<{ mode: string; granted: boolean; count: number }>;
  /** buffer cache hits / (hits + reads) since the statistics were reset; null when not told */
  cacheHitRatio: number | null;
  /** slowest statements by mean time, or why there are none */
  slowest: { available: true; rows: SlowStatement[] } | { available: false; reason: string };
  tables: TableSize[];
  /** estimated rows of every table (statistics, not a count) */
  estimatedRows: number;
  /** this instance's connection pool (PostgreSQL), null on PGlite (one embedded connection) */
  pool: { total: number; idle: number; waiting: number } | null;
  /** what this engine cannot tell, said on the page */
  notes: string[];
}

/** One volume of 磁盘监控 (fs.statfs of a directory the server writes). */
export interface DiskVolume {
  /** what is stored there (数据目录, 上传目录) */
  name: string;
  path: string;
  total: number;
  free: number;
  /** free for an unprivileged process */
  available: number;
}

export interface DiskInfo extends InstanceId {
  volumes: DiskVolume[];
}

/** One traced request: no query values, no secrets in the path, no headers. */
export interface TraceEntry {
  /** ms since the epoch, when the answer was sent */
  at: number;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** the signed-in account, or null */
  user: string | null;
}

export interface TraceInfo extends InstanceId {
  /** the ring's size: at most this many requests are kept */
  capacity: number;
  entries: TraceEntry[];
}

/** HTTP服务信息 */
export interface HttpInfo extends InstanceId {
  /** requests answered since the start, by status class (`2xx`, `4xx`, `5xx`, …) */
  byStatus: Array<{ status: string; count: number }>;
  requests: number;
  /** answers with a status of 500 or more */
  errors: number;
  /** answers with a status of 400–499 */
  refused: number;
  /** summed answer time (s) */
  totalSeconds: number;
  inFlight: number;
  /** open HTTP connections (null when the server is not listening, e.g. under inject) */
  connections: number | null;
  sockets: { grid: number; notice: number };
  /** the 20 busiest route patterns */
  routes: Array<{ route: string; method: string; count: number; meanMs: number }>;
}

/**
 * The 25 `/actuator/metrics/{name}` the JeecgBoot 3.3 client's 运行时信息 (JvmInfo), 服务器信息
 * (SystemInfo) and HTTP服务信息 (TomcatInfo) pages request, each behind its page's code.
 */
export const ACTUATOR_METRICS = {
  'jvm.memory.max': PERM.monitor.runtime,
  'jvm.memory.committed': PERM.monitor.runtime,
  'jvm.memory.used': PERM.monitor.runtime,
  'jvm.buffer.memory.used': PERM.monitor.runtime,
  'jvm.buffer.count': PERM.monitor.runtime,
  'jvm.threads.daemon': PERM.monitor.runtime,
  'jvm.threads.live': PERM.monitor.runtime,
  'jvm.threads.peak': PERM.monitor.runtime,
  'jvm.classes.loaded': PERM.monitor.runtime,
  'jvm.classes.unloaded': PERM.monitor.runtime,
  'jvm.gc.memory.allocated': PERM.monitor.runtime,
  'jvm.gc.memory.promoted': PERM.monitor.runtime,
  'jvm.gc.max.data.size': PERM.monitor.runtime,
  'jvm.gc.live.data.size': PERM.monitor.runtime,
  'jvm.gc.pause': PERM.monitor.runtime,
  'system.cpu.count': PERM.monitor.server,
  'system.cpu.usage': PERM.monitor.server,
  'process.start.time': PERM.monitor.server,
  'process.uptime': PERM.monitor.server,
  'process.cpu.usage': PERM.monitor.server,
  'tomcat.sessions.created': PERM.monitor.http,
  'tomcat.sessions.expired': PERM.monitor.http,
  'tomcat.sessions.active.current': PERM.monitor.http,
  'tomcat.sessions.active.max': PERM.monitor.http,
  'tomcat.sessions.rejected': PERM.monitor.http,
} as const;

export type ActuatorMetricName = keyof typeof ACTUATOR_METRICS;

/** The endpoint of each name: `GET /actuator/metrics/<name>` behind its page's code. */
export const ACTUATOR_METRIC_ENDPOINTS = Object.fromEntries(
  Object.entries(ACTUATOR_METRICS).map(([name, perm]) => [
    name,
    endpoint('GET', `/actuator/metrics/${name}`, perm),
  ]),
) as Record<ActuatorMetricName, EndpointContract>;

/** Spring Boot Actuator's answer to `/actuator/metrics/{name}`. */
export interface ActuatorMetric {
  name: string;
  /** what the value is here (a Node or PostgreSQL figure, or why it does not apply) */
  description: string;
  baseUnit: string | null;
  measurements: Array<{ statistic: string; value: number }>;
  availableTags: [];
}

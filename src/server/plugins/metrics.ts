import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * `GET /metrics`: this instance's figures in the Prometheus text format (prom-client), for any
 * Prometheus or Grafana watching a cluster of instances (each instance is scraped on its own; the
 * scraper adds the `instance` label). Off unless METRICS_TOKEN is set; the scraper presents it as
 * `Authorization: Bearer <token>`. Served outside the API base path, as Prometheus expects.
 *
 * What is measured: process and Node runtime (CPU, memory, heap spaces, GC, event-loop lag, handles:
 * prom-client's defaults) and event-loop utilisation; HTTP requests by method, route pattern (never
 * the raw path: no ids or secrets, bounded label values) and status; the PostgreSQL pool; open
 * sockets; job runs. Registered at the root (fastify-plugin), before the API, so its hook times every
 * route.
 *
 * The collectors are always on (`app.metrics`): 系统监控's endpoints read the same figures
 * (src/server/routes/sys/monitor/); only the scrape route waits for the token.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token: string | undefined }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered by this instance, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    http.observe(
      { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  let elu = performance.eventLoopUtilization();
  new Gauge({
    name: 'nodejs_eventloop_utilization_ratio',
    help: 'Share of time the event loop was busy since the previous scrape (0–1)',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, elu).utilization);
      elu = now;
    },
  });

  const stats = app.database.poolStats?.bind(app.database);
  if (stats)
    new Gauge({
      name: 'care_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });

  new Gauge({
    name: 'care_websocket_connections',
    help: 'Open WebSocket connections on this instance, by kind (realtime grids, notices)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: 'grid' }, app.realtime.size);
      this.set({ kind: 'notice' }, app.notices.size);
    },
  });

  const jobRuns = new Counter({
    name: 'care_job_runs_total',
    help: 'Scheduled job runs finished on this instance, by job class and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'care_job_run_duration_seconds',
    help: 'Duration of the scheduled job runs finished on this instance, by job class',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120, 600],
    registers: [registry],
  });
  app.scheduler.onRunEnd = (job, outcome, ms) => {
    jobRuns.inc({ job, outcome });
    jobSeconds.observe({ job }, ms / 1000);
  };

  app.decorate('metrics', { registry, http });
  if (!opts.token) return;
  const expected = digest(opts.token);
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer (.+)$/.exec(header)?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('需要有效的采集令牌（METRICS_TOKEN）\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's prom-client registry and request histogram (plugins/metrics.ts) */
    metrics: { registry: Registry; http: Histogram<'method' | 'route' | 'status_code'> };
  }
}

/** Equal-length digests: the comparison takes the same time whatever was presented. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/** The route's pattern (`/jeecg-boot/sys/user/list`, `/:id`), or `unmatched` for a 404 of no route. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

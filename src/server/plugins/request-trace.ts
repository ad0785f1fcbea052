import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TraceEntry } from '../../shared/monitor.ts';

/** How many requests an instance keeps (Spring Boot's in-memory trace repository keeps 100). */
export const TRACE_CAPACITY = 100;

/** Route parameters whose values are secrets: shown as `***` in a traced path. */
const SECRET_PARAM = /token|secret|pass|pwd|key|sign|captcha|code|ticket|session/i;

/**
 * The path of a request as 请求追踪 shows it: the query's values dropped (its names kept, so the
 * call stays recognisable: `?username&password`), and the values of route parameters with a secret
 * name (`/sys/randomImage/:key`) masked. Headers (the token) are never read.
 */
export function tracedPath(request: FastifyRequest): string {
  const [rawPath = '', query] = request.url.split('?', 2);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const pattern = request.routeOptions.url;
  let path = rawPath;
  if (pattern && Object.keys(params).some((k) => SECRET_PARAM.test(k))) {
    // rebuild from the pattern: every parameter segment by its value, secret ones masked
    path = pattern.replace(/:([A-Za-z_]\w*)|\*$/g, (_m, name: string | undefined) => {
      const key = name ?? '*';
      const value = params[key];
      if (SECRET_PARAM.test(key)) return '***';
      return typeof value === 'string' ? encodeURIComponent(value).replace(/%2F/gi, '/') : '';
    });
  }
  if (!query) return path;
  const names = [...new URLSearchParams(query).keys()];
  return names.length ? `${path}?${[...new Set(names)].join('&')}` : path;
}

/** A bounded ring of the last requests this instance answered (oldest overwritten first). */
export class TraceRing {
  private readonly entries: TraceEntry[] = [];
  private next = 0;

  constructor(readonly capacity = TRACE_CAPACITY) {}

  push(entry: TraceEntry) {
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Newest first. */
  list(): TraceEntry[] {
    const n = this.entries.length;
    const out: TraceEntry[] = [];
    for (let i = 1; i <= n; i += 1) out.push(this.entries[(this.next - i + n * 2) % n]!);
    return out;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 请求追踪 and HTTP服务信息 of this instance (plugins/request-trace.ts) */
    requestTrace: { ring: TraceRing; inFlight(): number; instance: string };
  }
}

/**
 * Keeps the last TRACE_CAPACITY API requests of this instance (method, path without secrets or
 * query values, status, time, account) in memory, and counts the requests in flight. The monitor's
 * own calls are left out: a page refreshing every few seconds would fill the ring with itself.
 */
export const requestTracePlugin = fp(async (app: FastifyInstance, opts: { basePath: string }) => {
  const ring = new TraceRing();
  let inFlight = 0;
  const api = `${opts.basePath}/`;
  const own = [
    `${opts.basePath}/sys/monitor/`,
    `${opts.basePath}/actuator/`,
    `${opts.basePath}/sys/actuator/`,
  ];
  const traced = (url: string) => url.startsWith(api) && !own.some((p) => url.startsWith(p));
  app.decorate('requestTrace', {
    ring,
    inFlight: () => Math.max(0, inFlight),
    instance: `${os.hostname()}:${process.pid}`,
  });
  app.addHook('onRequest', async () => {
    inFlight += 1;
  });
  app.addHook('onResponse', async (request, reply) => {
    inFlight -= 1;
    if (!traced(request.url)) return;
    ring.push({
      at: Date.now(),
      method: request.method,
      path: tracedPath(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: request.auth?.user.username ?? null,
    });
  });
});

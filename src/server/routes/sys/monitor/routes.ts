import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import type { TraceInfo } from '../../../../shared/monitor.ts';
import { ok } from '../../../lib/http/result.ts';
import { route } from '../../../lib/http/route.ts';
import {
  CpuSampler,
  SERVER_METRICS,
  databaseInfo,
  diskInfo,
  httpInfo,
  readMetrics,
  runtimeInfo,
  serverInfo,
} from './probes.ts';

const M = ENDPOINTS.monitor;

/**
 * 系统监控's endpoints (`/sys/monitor/*`): one per page, each behind the page's code, answering the
 * figures of the instance that serves the call (src/shared/monitor.ts).
 */
export default async function monitorRoutes(app: FastifyInstance) {
  const cpu = new CpuSampler();
  const at = () => Date.now();
  route(app, M.server, async () =>
    ok({ ...serverInfo(app, await readMetrics(app, SERVER_METRICS), cpu), at: at() }),
  );
  route(app, M.runtime, async () => ok({ ...runtimeInfo(app, await readMetrics(app)), at: at() }));
  route(app, M.http, async () => ok({ ...(await httpInfo(app)), at: at() }));
  route(app, M.database, async () => ok({ ...(await databaseInfo(app)), at: at() }));
  route(app, M.disk, async () => ok({ ...(await diskInfo(app)), at: at() }));
  route(app, M.trace, async () => {
    const ring = app.requestTrace.ring;
    const info: TraceInfo = {
      instance: app.requestTrace.instance,
      at: at(),
      capacity: ring.capacity,
      entries: ring.list(),
    };
    return ok(info);
  });
}

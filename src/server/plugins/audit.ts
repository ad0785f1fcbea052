import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS, AUTHENTICATED, type PermissionRequirement } from '../../shared/permissions.ts';
import { auditSummary, operateTypeOf } from '../../shared/audit.ts';
import { newId } from '../lib/query/ids.ts';
import { sysLog } from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** write this call to the operation log (default: every signed-in write, see `isWrite`) */
    audit?: boolean;
  }
}

/** GET routes guarded by one of these actions only read (lists, pickers, downloads, monitors). */
const READ_ACTION = /:(list|select|export|download)$/;

/**
 * Does a call change something? Every non-GET call, and a GET whose permission names an action
 * (announcement release, job pause, …: JeecgBoot writes through GET in places).
 */
export function isWrite(method: string, perm: PermissionRequirement | undefined): boolean {
  if (method !== 'GET') return true;
  return (
    perm !== undefined &&
    perm !== AUTHENTICATED &&
    perm !== ANONYMOUS &&
    !READ_ACTION.test(perm) &&
    !perm.startsWith('monitor:')
  );
}

interface Outcome {
  success: boolean;
  message: string;
}

/** success/message of a JSON Result answer (other answers: by HTTP status). */
function outcomeOf(reply: FastifyReply, payload: unknown): Outcome {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload === 'string' && type.includes('json') && payload.length < 1_000_000) {
    try {
      const body = JSON.parse(payload) as { success?: unknown; message?: unknown };
      if (typeof body.success === 'boolean')
        return { success: body.success, message: typeof body.message === 'string' ? body.message : '' };
    } catch {
      /* not a Result */
    }
  }
  return {
    success: reply.statusCode < 400,
    message: reply.statusCode < 400 ? '' : `HTTP ${reply.statusCode}`,
  };
}

/**
 * The operation log (sys_log, logType 2): one generic hook writes every signed-in write through the
 * API — who, endpoint, a summary of the parameters without secrets, result, duration and address —
 * before the answer leaves, so a client that saw the answer finds the entry. Anonymous calls (login
 * has its own log) and calls refused before authentication are not written.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const config = request.routeOptions.config;
    const auth = request.auth;
    if (!auth || !config?.perm) return payload;
    if (config.audit === false || (config.audit !== true && !isWrite(request.method, config.perm)))
      return payload;
    const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const path = url.startsWith(app.config.basePath) ? url.slice(app.config.basePath.length) : url;
    const outcome = outcomeOf(reply, payload);
    const multipart = request.isMultipart?.() ?? false;
    const params = auditSummary({
      ...(request.params && Object.keys(request.params).length ? { params: request.params } : {}),
      ...(request.query && Object.keys(request.query).length ? { query: request.query } : {}),
      ...(multipart ? { body: '[multipart]' } : request.body !== undefined ? { body: request.body } : {}),
    });
    const verdict = outcome.success ? '成功' : '失败';
    try {
      await app.db.insert(sysLog).values({
        id: newId(),
        logType: 2,
        operateType: operateTypeOf(path, request.method),
        logContent:
          `${request.method} ${path} ${verdict}${outcome.message ? `：${outcome.message}` : ''}`.slice(
            0,
            1000,
          ),
        userid: auth.user.id,
        username: auth.user.realname ?? auth.user.username,
        ip: request.ip.slice(0, 100),
        method: `api ${request.method} ${url}`.slice(0, 500),
        requestUrl: path.slice(0, 255),
        requestParam: params,
        requestType: request.method,
        costTime: Math.round(reply.elapsedTime),
        createBy: auth.user.username,
      });
    } catch (err) {
      request.log.error({ err }, 'operation log not written');
    }
    return payload;
  });
});

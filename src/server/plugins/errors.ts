import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { CODE, MSG } from '../../shared/api.ts';
import { firstIssue } from '../../shared/user.ts';
import { databaseUnavailable } from '../db/client.ts';
import { BizError, fail } from '../lib/http/result.ts';
import { postgresCode } from '../lib/query/errors.ts';

/** Answer while PostgreSQL cannot be reached (restart, outage): HTTP 503, code 503. */
export const DB_UNAVAILABLE = '数据库暂时不可用，请稍后重试';

/**
 * Error mapping: business errors are HTTP 200 with success:false (JeecgBoot convention); a
 * database that cannot be reached is HTTP 503 (retry later); unexpected errors are logged and
 * answered without any stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof BizError) return reply.code(200).send(fail(error.message, error.code));
    if (error instanceof ZodError) return reply.code(200).send(fail(firstIssue(error)));
    const pgCode = postgresCode(error);
    if (pgCode === '23505') return reply.code(200).send(fail('数据库中已存在该记录'));
    if (pgCode === '23502') return reply.code(200).send(fail(`${MSG.operationFailed}，必填项不能为空`));
    if (pgCode?.startsWith('22')) return reply.code(200).send(fail(`${MSG.operationFailed}，参数格式不正确`));
    const fe = error as FastifyError;
    if (fe.statusCode === 429) return reply.code(429).send(fail(fe.message, 429));
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn(`database unavailable: ${unavailable.message}`);
      return reply.code(503).send(fail(DB_UNAVAILABLE, 503));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(200).send(fail(`${MSG.operationFailed}，请求格式不正确`));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(`${MSG.operationFailed}，服务器内部错误`, CODE.ERROR));
  });
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { auditSummary, COMMAND_OUTCOMES, COMMAND_SOURCES } from '../../../shared/audit.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../lib/http/route.ts';
import { ok } from '../../lib/http/result.ts';
import { parseWith } from '../../lib/http/validate.ts';
import { newId } from '../../lib/query/ids.ts';
import { sysLog } from '../../db/schema/index.ts';

/** A command run as the executor records it (commands/core/types.ts AuditEntry). */
const commandRunSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, '命令标识无效'),
  source: z.enum(COMMAND_SOURCES),
  args: z.record(z.string(), z.unknown()).default({}),
  durationMs: z.number().int().min(0).max(86_400_000).default(0),
  outcome: z.enum(COMMAND_OUTCOMES),
  error: z.string().max(500).optional(),
});

const VERDICT: Record<(typeof COMMAND_OUTCOMES)[number], string> = {
  ok: '成功',
  error: '失败',
  cancelled: '已取消',
  denied: '无权限',
  declined: '未确认',
};

/**
 * POST /sys/log/command: the operation-log entry of a command run (who, command id, source, its
 * arguments without secrets, outcome, duration, address). The API calls the command made are
 * logged by the audit hook on their own; this entry itself is not logged again.
 */
export default async function commandLogRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS.audit.command, { config: { audit: false } }, async (req) => {
    const user = caller(req).user;
    const run = parseWith(commandRunSchema, req.body);
    const verdict = VERDICT[run.outcome];
    await app.db.insert(sysLog).values({
      id: newId(),
      logType: 2,
      operateType: 3,
      logContent:
        `命令 ${run.id.replace('.', ' ')}（${run.source}）${verdict}${run.error ? `：${run.error}` : ''}`.slice(
          0,
          1000,
        ),
      userid: user.id,
      username: user.realname ?? user.username,
      ip: req.ip.slice(0, 100),
      method: `command ${run.id} ${run.source}`,
      requestUrl: `command:${run.id}`,
      requestParam: auditSummary(run.args),
      requestType: 'command',
      costTime: run.durationMs,
      createBy: user.username,
    });
    return ok(null);
  });
}
